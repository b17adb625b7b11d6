/**
 * The known migrations, in order. Append-only: add a new module (002_….ts) and a new
 * entry at the end; never edit, reorder or remove an entry that has been released.
 * Migrations are TypeScript modules exporting their SQL so that the same import works
 * under Vite (the app bundle), vitest and tsx without `?raw` loaders.
 */
import sql001 from './001_init';
import sql002 from './002_sensor_ignition';
import sql003 from './003_object_summary';
import sql004 from './004_track_overview';
import sql005 from './005_track_overview_table';
import sql006 from './006_objects_list';
import sql007 from './007_sensors_in_objects';
import sql008 from './008_slim_summary';
import sql009 from './009_objects_ignition_by_id';

export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { id: 1, name: '001_init', sql: sql001 },
  { id: 2, name: '002_sensor_ignition', sql: sql002 },
  { id: 3, name: '003_object_summary', sql: sql003 },
  { id: 4, name: '004_track_overview', sql: sql004 },
  { id: 5, name: '005_track_overview_table', sql: sql005 },
  { id: 6, name: '006_objects_list', sql: sql006 },
  { id: 7, name: '007_sensors_in_objects', sql: sql007 },
  { id: 8, name: '008_slim_summary', sql: sql008 },
  { id: 9, name: '009_objects_ignition_by_id', sql: sql009 },
];
