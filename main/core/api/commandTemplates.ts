/** Command templates live with commands; re-exported under their own family name. */
export { commandTemplatesApi } from './commands';
