import { describe, expect, it } from 'vitest';
import { ObjectStatusCode, type Sensor } from '../../common/resources';
import { ignitionSensorOf, isIgnitionSensor, isOnOffSensor } from '../../common/sensors';
import { objectState } from '../../renderer/src/stores/object-state';

const onOff = (Name: string, Source = 'din1'): Sensor => ({ Id: 1, Name, Source, DataType: 1, OnText: 'On', OffText: 'Off' });

describe('sensor roles', () => {
  it('takes a discrete input from DataType 1 or from its on/off words', () => {
    expect(isOnOffSensor({ Id: 1, Name: 'x', DataType: 1 })).toBe(true);
    expect(isOnOffSensor({ Id: 1, Name: 'x', DataType: 0, OffText: 'Closed' })).toBe(true);
    expect(isOnOffSensor({ Id: 1, Name: 'x', DataType: 0, OnText: '', OffText: '' })).toBe(false);
  });

  it('finds the ignition by name or input, whole words for the short names', () => {
    for (const name of ['Ignition', 'IGN', 'ACC', 'Engine running', 'Зажигание']) expect(isIgnitionSensor(onOff(name)), name).toBe(true);
    expect(isIgnitionSensor(onOff('Input 1', 'ACC'))).toBe(true);
    for (const name of ['GSM signal', 'Accelerometer', 'Cargo door']) expect(isIgnitionSensor(onOff(name)), name).toBe(false);
    // A fuel gauge called "Engine fuel" is not an on/off input.
    expect(isIgnitionSensor({ Id: 1, Name: 'Engine fuel', DataType: 2 })).toBe(false);
  });

  it('picks the first qualifying sensor of an object', () => {
    const list = [onOff('Door'), { ...onOff('Ignition'), Id: 2 }, { ...onOff('ACC'), Id: 3 }];
    expect(ignitionSensorOf(list)?.Id).toBe(2);
    expect(ignitionSensorOf([onOff('Door')])).toBeUndefined();
  });
});

describe('object state', () => {
  it('calls a standing object with its ignition on idle, and never a moving or offline one', () => {
    expect(objectState(ObjectStatusCode.active, 1000, true, 0, true)).toBe('idle');
    expect(objectState(ObjectStatusCode.active, 1000, true, 0, false)).toBe('parked');
    expect(objectState(ObjectStatusCode.active, 1000, true, 40, true)).toBe('moving');
    expect(objectState(ObjectStatusCode.active, 1000, false, 0, true)).toBe('offline');
    expect(objectState(ObjectStatusCode.active, 0, true, 0, true)).toBe('never');
  });
});
