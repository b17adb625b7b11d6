/** The shapes shared by the readers and the checks of a history import file. */

/** One position as read, before checks. `row` is what the user is told: a CSV line, or the point's number with its line. */
export interface ReadPoint {
  row: number;
  line?: number;
  time: number;
  lat: number;
  lng: number;
  speed?: number;
  heading?: number;
  alt?: number;
  /** Set when the row could not be read at all (missing or unreadable field). */
  error?: string;
}

export interface ReadTrack {
  format: 'gpx' | 'kml' | 'csv';
  /** A name the file gives its track or device (GPX <name>, KML <name>, CSV object column), for matching. */
  name?: string;
  points: ReadPoint[];
}
