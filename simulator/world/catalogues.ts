/** Static catalogues: device models, icons, report types, name pools. */

export const DEVICE_MODELS = [
  { Id: 1, Name: 'Teltonika FMB920', Manufacturer: 'Teltonika', Protocol: 'codec8' },
  { Id: 2, Name: 'Teltonika FMC130', Manufacturer: 'Teltonika', Protocol: 'codec8e' },
  { Id: 3, Name: 'Queclink GV300', Manufacturer: 'Queclink', Protocol: '@track' },
  { Id: 4, Name: 'Concox GT06N', Manufacturer: 'Concox', Protocol: 'gt06' },
  { Id: 5, Name: 'Ruptela FM-Eco4', Manufacturer: 'Ruptela', Protocol: 'ruptela' },
  { Id: 6, Name: 'Galileosky 7x', Manufacturer: 'Galileosky', Protocol: 'galileo' },
] as const;

export const OBJECT_ICONS = [
  { Id: 1, Name: 'Car', Kind: 'object' },
  { Id: 2, Name: 'Van', Kind: 'object' },
  { Id: 3, Name: 'Truck', Kind: 'object' },
  { Id: 4, Name: 'Bus', Kind: 'object' },
  { Id: 5, Name: 'Trailer', Kind: 'object' },
  { Id: 6, Name: 'Excavator', Kind: 'object' },
] as const;

export const TREND_ICONS = [
  { Id: 101, Name: 'Fuel', Kind: 'sensor' },
  { Id: 102, Name: 'Thermometer', Kind: 'sensor' },
  { Id: 103, Name: 'Battery', Kind: 'sensor' },
  { Id: 104, Name: 'Key', Kind: 'sensor' },
  { Id: 105, Name: 'Door', Kind: 'sensor' },
] as const;

export const REPORT_TYPES = [
  { Id: 1, Name: 'Trips' },
  { Id: 2, Name: 'Parkings' },
  { Id: 3, Name: 'Fuel' },
  { Id: 4, Name: 'Geozone visits' },
  { Id: 5, Name: 'Engine hours' },
] as const;

const col = (Id: string, Name: string, Type: 'string' | 'number' | 'time'): { Id: string; Name: string; Type: string } => ({ Id, Name, Type });

export const REPORT_COLUMNS: Record<number, { Id: string; Name: string; Type: string }[]> = {
  1: [col('Object', 'Object', 'string'), col('From', 'Start', 'time'), col('Till', 'End', 'time'), col('Length', 'Distance, km', 'number'), col('MaxSpeed', 'Max speed, km/h', 'number')],
  2: [col('Object', 'Object', 'string'), col('From', 'Start', 'time'), col('Till', 'End', 'time'), col('Address', 'Address', 'string')],
  3: [col('Object', 'Object', 'string'), col('StartLevel', 'Start, l', 'number'), col('EndLevel', 'End, l', 'number'), col('Refuelled', 'Refuelled, l', 'number'), col('Drained', 'Drained, l', 'number')],
  4: [col('Object', 'Object', 'string'), col('Geozone', 'Geozone', 'string'), col('Enter', 'Enter', 'time'), col('Exit', 'Exit', 'time')],
  5: [col('Object', 'Object', 'string'), col('EngineTime', 'Engine time, s', 'number'), col('IdleTime', 'Idle time, s', 'number')],
};

export const FIRST_NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas', 'Karin', 'Lukas', 'Mia', 'Noah', 'Olga', 'Paul', 'Rita', 'Sven', 'Tina', 'Umar', 'Vera', 'Wim', 'Yara', 'Zoe'];
export const LAST_NAMES = ['Novak', 'Schmidt', 'Kowalski', 'Garcia', 'Rossi', 'Dubois', 'Smith', 'Virtanen', 'Horvat', 'Berg', 'Meyer', 'Silva', 'Nowak', 'Fischer', 'Brown', 'Lindqvist'];
export const KINDS = [
  { name: 'Car', icon: 1, speed: 45, kmMin: 40, kmMax: 160, tank: 55, lpk: 0.075, maxSpeed: 110 },
  { name: 'Van', icon: 2, speed: 40, kmMin: 60, kmMax: 200, tank: 80, lpk: 0.1, maxSpeed: 90 },
  { name: 'Truck', icon: 3, speed: 50, kmMin: 120, kmMax: 380, tank: 300, lpk: 0.3, maxSpeed: 80 },
  { name: 'Bus', icon: 4, speed: 28, kmMin: 100, kmMax: 220, tank: 200, lpk: 0.35, maxSpeed: 60 },
] as const;
export const COLORS = ['#E6194B', '#3CB44B', '#4363D8', '#F58231', '#911EB4', '#42D4F4', '#F032E6', '#BFEF45', '#469990', '#9A6324', '#800000', '#000075'];
