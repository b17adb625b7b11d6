import { Dialog } from '../ui/Dialog';
import { SHORTCUTS } from './keymap';

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} className="help-dialog">
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <th scope="row">
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' or '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </th>
              <td>{s.text}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              <kbd>↑</kbd> <kbd>↓</kbd>
            </th>
            <td>Move through the object list</td>
          </tr>
          <tr>
            <th scope="row">
              <kbd>Ctrl</kbd>/<kbd>Shift</kbd>+click, <kbd>Space</kbd>
            </th>
            <td>Mark several objects for a command</td>
          </tr>
        </tbody>
      </table>
      <div className="buttons">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
