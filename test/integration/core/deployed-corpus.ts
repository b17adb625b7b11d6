/**
 * Bodies as deployed servers send them (shared/spec/deployed-server-shapes.md): every quirk
 * alone and together, for ObjectsStatus, Profile, Events and Objects. Written by hand, not by
 * the simulator, so the console is checked against the spec and not against our own writer.
 */

export const T = 1_718_000_000_000;
export const RESET = T + 90_000;

/** The legacy status, valid JSON: numbers as strings, "0000" and "0" for 102, which never reported. */
const points = [
  '{"trackerid":"101","time":"1718000000000","lat":"55.75222","lng":"37.61556","alt":"152","speed":"43.5","ang":"270","sat":"11","accuracy":"3","online":"1"}',
  '{"trackerid":"102","time":"0000","lat":"0","lng":"0","alt":"0","speed":"0","ang":"0","sat":"0","accuracy":"0"}',
  '{"trackerid":"103","time":"1718000060000","lat":"59.93863","lng":"30.31413","alt":"20","speed":"0","ang":"90","sat":"9","accuracy":"5","online":"1"}',
];
const iopoints = '{"trendid":"7001","time":"1718000000000","value":"12.75"}';
const ekeys = '{"trackerid":"101","time":"1717999000000","key":"00AB34CD"}';
const stat = '{"trackerid":"101","day":"20240610","totalenginetime":"5600000","mileage":"120400"}';

/** One event each way: with text; without text (dangling); reset without text (doubled). */
const eventWithText = `{"id":"9003","trackerid":"103","status":"0","time":"${T}","type":"1033","typedesc":"HARSHACCEL","subid":"0", "text":"Harsh acceleration"}`;
const eventDangling = `{"id":"9001","trackerid":"101","status":"0","time":"${T}","type":"1033","typedesc":"MOVE","subid":"0", }`;
const eventDoubled = `{"id":"9002","trackerid":"101","status":"2","time":"${T}","type":"1034","typedesc":"PARK","subid":"0", , "resettime":"${RESET}"}`;
const eventValid = `{"id":"9001","trackerid":"101","status":"0","time":"${T}","type":"1033","typedesc":"MOVE","subid":"0"}`;

function status(events: string[], pts = points): string {
  return `{"points":[${pts.join(',')}],"iopoints":[${iopoints}],"ekeys":[${ekeys}],"events":[${events.join(', ')}],"stat":[${stat}]}`;
}

/** A JSON string that wraps the body: what "double encoded" means on the wire. */
export const doubleEncoded = (body: string): string => JSON.stringify(body);

/** An element no repair can make sense of: salvage drops it and keeps its neighbours. */
const brokenPoint = '{"trackerid":"104",:"lat"}';

export const STATUS_BODIES: Record<string, string> = {
  'numbers as strings, "0000" time and "0" coordinates (valid JSON)': status([eventWithText, eventValid]),
  'a dangling comma': status([eventWithText, eventDangling]),
  'a doubled comma': status([eventWithText, eventDoubled]),
  'double encoding': doubleEncoded(status([eventWithText, eventValid])),
  'dangling and doubled commas, double encoded': doubleEncoded(status([eventDangling, eventDoubled, eventWithText])),
  'an element nothing repairs, with both commas': status([eventDangling, eventDoubled], [...points, brokenPoint]),
  'an element nothing repairs, double encoded': doubleEncoded(status([eventDoubled], [points[0]!, brokenPoint, points[1]!, points[2]!])),
};

/** The expected positions whatever the quirks (102 never reported: time 0, no fix). */
export const EXPECTED_POSITIONS = [
  { ObjectId: 101, Lat: 55.75222, Lng: 37.61556, Speed: 43.5, heading: 270, Time: T, Online: true },
  { ObjectId: 102, Lat: 0, Lng: 0, Time: 0, Online: false },
  { ObjectId: 103, Lat: 59.93863, Lng: 30.31413, Speed: 0, heading: 90, Time: T + 60_000, Online: true },
];

const object = (id: number, name: string, tail = '') =>
  `{"id":"${id}","name":"${name}","imei":"35693803564${id}","companyId":"1","status":"0","timeout":"600","groupIds":["1","2"],"sensors":[{"id":"${id}1","name":"Ignition","dataType":"1","source":"ign"}]${tail}}`;

const objects = (tail: string) => [object(101, 'Van 101', tail), object(102, 'Truck 102'), object(103, 'Car 103', tail)];

export const OBJECTS_BODIES: Record<string, string> = {
  'camelCase keys and numbers as strings': `[${objects('').join(',')}]`,
  'a dangling comma': `[${objects(', ').join(',')}]`,
  'a doubled comma': `[${objects(', , "comment":"spare"').join(',')}]`,
  'double encoding with both commas': doubleEncoded(`[${[object(101, 'Van 101', ', '), object(102, 'Truck 102', ', , "comment":"x"'), object(103, 'Car 103')].join(',')}]`),
};

export const PROFILE_BODIES: Record<string, string> = {
  'double encoding': doubleEncoded(`{"objects":[${objects('').join(',')}],"geozones":[],"objectIcons":[],"serverTime":"${T}"}`),
  'double encoding with both commas': doubleEncoded(`{"objects":[${objects(', , "comment":"x"').join(',')}],"geozones":[ , ],"objectIcons":[],"serverTime":"${T}", }`),
};

const ev = (id: number, objectId: number, status: string, text: string, reset = '') =>
  `{"id":"${id}","objectId":"${objectId}","time":"${T}","type":"4","status":"${status}",${text}${reset}}`;

export const EVENTS_BODIES: Record<string, string> = {
  'camelCase keys and numbers as strings': `[${ev(9001, 101, '0', '"text":"Speeding 97 km/h"')},${ev(9002, 103, '2', '"text":"Door open"', `,"resetTime":"${RESET}"`)}]`,
  'a dangling comma': `[${ev(9001, 101, '0', '"text":"Speeding 97 km/h"')},${ev(9002, 103, '2', ' ')}]`,
  'a doubled comma': `[${ev(9001, 101, '0', '"text":"Speeding 97 km/h"')},${ev(9002, 103, '2', ' ,', ` "resetTime":"${RESET}"`)}]`,
  'double encoding with both commas': doubleEncoded(`[${ev(9001, 101, '0', '"text":"Speeding 97 km/h"')},${ev(9002, 103, '2', ' ,', ` "resetTime":"${RESET}"`)}, ${ev(9004, 102, '0', ' ')}]`),
};
