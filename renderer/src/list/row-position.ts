import type { FleetStore } from '../stores/fleet-store';

export type FleetPositionView = NonNullable<ReturnType<FleetStore['position']>>;
