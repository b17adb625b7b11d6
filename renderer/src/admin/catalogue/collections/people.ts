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
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Name', label: 'catalogue.field.personName', width: 'minmax(180px, 1fr)' },
      { field: 'Phone', label: 'catalogue.field.phone', width: '150px' },
      { field: 'LicenceNumber', label: 'catalogue.field.licence', width: '150px' },
      { field: 'GroupId', label: 'catalogue.field.group', width: '140px', of: 'driverGroups' },
    ],
    fields: [
      { name: 'Name', label: 'catalogue.field.personName', kind: 'text' },
      { name: 'Phone', label: 'catalogue.field.phone', kind: 'text' },
      { name: 'LicenceNumber', label: 'catalogue.field.licenceNumber', kind: 'text' },
      { name: 'GroupId', label: 'catalogue.field.group', kind: 'ref', of: 'driverGroups' },
    ],
    blank: { Name: '', Phone: '', LicenceNumber: '', GroupId: 0 },
  },
  {
    id: 'driverKeys',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'UId', label: 'catalogue.field.keyCode', width: '170px' },
      { field: 'Name', label: 'catalogue.field.name', width: 'minmax(160px, 1fr)' },
      { field: 'DriverId', label: 'catalogue.field.driver', width: '180px', of: 'drivers' },
    ],
    fields: [
      { name: 'UId', label: 'catalogue.field.keyCode', kind: 'text', help: 'catalogue.help.keyCode' },
      { name: 'Name', label: 'catalogue.field.name', kind: 'text' },
      { name: 'DriverId', label: 'catalogue.field.assignedToDriver', kind: 'ref', of: 'drivers' },
      { name: 'GroupId', label: 'catalogue.field.group', kind: 'ref', of: 'driverKeyGroups' },
    ],
    blank: { UId: '', Name: '', DriverId: 0, GroupId: 0 },
  },
  {
    id: 'driverShifts',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Name', label: 'catalogue.field.name', width: 'minmax(160px, 1fr)' },
      { field: 'StartMinute', label: 'catalogue.field.starts', width: '90px', show: hhmm },
      { field: 'DurationMinutes', label: 'catalogue.field.minutes', width: '90px' },
      { field: 'DriverIds', label: 'catalogue.field.drivers', width: '160px', show: (v) => (Array.isArray(v) ? v.join(', ') : '') },
    ],
    fields: [
      { name: 'Name', label: 'catalogue.field.name', kind: 'text' },
      { name: 'StartMinute', label: 'catalogue.field.startsMinute', kind: 'number' },
      { name: 'DurationMinutes', label: 'catalogue.field.lengthMinutes', kind: 'number' },
      { name: 'DriverIds', label: 'catalogue.field.drivers', kind: 'refs', of: 'drivers' },
    ],
    blank: { Name: '', StartMinute: 480, DurationMinutes: 480, DriverIds: [] },
  },
  {
    id: 'driverPenalties',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Name', label: 'catalogue.field.name', width: 'minmax(160px, 1fr)' },
      { field: 'EventType', label: 'catalogue.field.event', width: '180px', show: eventNames },
      { field: 'Points', label: 'catalogue.field.points', width: '80px' },
    ],
    fields: [
      { name: 'Name', label: 'catalogue.field.name', kind: 'text' },
      { name: 'EventType', label: 'catalogue.field.event', kind: 'bits', bits: eventBits },
      { name: 'Points', label: 'catalogue.field.points', kind: 'number' },
    ],
    blank: { Name: '', EventType: 4, Points: 1 },
    note: 'catalogue.collections.driverPenalties.note',
  },
];
