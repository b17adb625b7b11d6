/** Drivers, their keys (each assigned to a driver), shifts and penalties. */
import type { CollectionDesc } from '../descriptor';
import { KNOWN_KINDS } from '../../../events/event-types';

const hhmm = (v: unknown) => (typeof v === 'number' ? `${String(Math.floor(v / 60)).padStart(2, '0')}:${String(v % 60).padStart(2, '0')}` : '');
const eventBits = KNOWN_KINDS.map((k) => ({ bit: k.bit, label: k.label })).sort((a, b) => a.bit - b.bit);
export const eventNames = (v: unknown) => (typeof v === 'number' ? eventBits.filter((b) => (v & b.bit) !== 0).map((b) => b.label).join(', ') || `0x${v.toString(16)}` : '');
export { eventBits };

export const peopleCollections: CollectionDesc[] = [
  {
    id: 'drivers',
    title: 'Drivers',
    one: 'driver',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Name', label: 'Name', width: 'minmax(180px, 1fr)' },
      { field: 'Phone', label: 'Phone', width: '150px' },
      { field: 'LicenceNumber', label: 'Licence', width: '150px' },
      { field: 'GroupId', label: 'Group', width: '140px', of: 'driverGroups' },
    ],
    fields: [
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'Phone', label: 'Phone', kind: 'text' },
      { name: 'LicenceNumber', label: 'Licence number', kind: 'text' },
      { name: 'GroupId', label: 'Group', kind: 'ref', of: 'driverGroups' },
    ],
    blank: { Name: '', Phone: '', LicenceNumber: '', GroupId: 0 },
  },
  {
    id: 'driverKeys',
    title: 'Driver keys',
    one: 'driver key',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'UId', label: 'Key code', width: '170px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'DriverId', label: 'Driver', width: '180px', of: 'drivers' },
    ],
    fields: [
      { name: 'UId', label: 'Key code', kind: 'text', help: '8 to 16 hexadecimal digits, as the reader sends it' },
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'DriverId', label: 'Assigned to driver', kind: 'ref', of: 'drivers' },
      { name: 'GroupId', label: 'Group', kind: 'ref', of: 'driverKeyGroups' },
    ],
    blank: { UId: '', Name: '', DriverId: 0, GroupId: 0 },
  },
  {
    id: 'driverShifts',
    title: 'Shifts',
    one: 'shift',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'StartMinute', label: 'Starts', width: '90px', show: hhmm },
      { field: 'DurationMinutes', label: 'Minutes', width: '90px' },
      { field: 'DriverIds', label: 'Drivers', width: '160px', show: (v) => (Array.isArray(v) ? v.join(', ') : '') },
    ],
    fields: [
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'StartMinute', label: 'Starts (minutes after local midnight)', kind: 'number' },
      { name: 'DurationMinutes', label: 'Length (minutes)', kind: 'number' },
      { name: 'DriverIds', label: 'Drivers', kind: 'refs', of: 'drivers' },
    ],
    blank: { Name: '', StartMinute: 480, DurationMinutes: 480, DriverIds: [] },
  },
  {
    id: 'driverPenalties',
    title: 'Penalties',
    one: 'penalty',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'EventType', label: 'Event', width: '180px', show: eventNames },
      { field: 'Points', label: 'Points', width: '80px' },
    ],
    fields: [
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'EventType', label: 'Event', kind: 'bits', bits: eventBits },
      { name: 'Points', label: 'Points', kind: 'number' },
    ],
    blank: { Name: '', EventType: 4, Points: 1 },
    note: 'The service offers penalties to read and change only: new penalties cannot be added, and none can be deleted.',
  },
];
