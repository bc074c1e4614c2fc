// For process tests only, loaded with `node --import` before the server: moves the wall clock
// of that one process by the milliseconds written in the file SHIFTED_CLOCK_FILE names, read
// once at start. A test restarts a server with its clock moved on, so a join code made valid
// for the shortest time the protocol allows (5 minutes) is past its expiry without the test
// waiting for it. Nothing in src/ knows of it: the server reads the clock it is given.
import { readFileSync } from 'node:fs';

const file = process.env.SHIFTED_CLOCK_FILE;
let shift = 0;
try {
  shift = file ? Number(readFileSync(file, 'utf8')) || 0 : 0;
} catch {
  shift = 0;
}

if (shift !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...args);
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate;
}
