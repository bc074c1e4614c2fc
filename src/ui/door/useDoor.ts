// The door's hooks live in src/ui/hooks/useDoor.ts, shared with the settings and organiser
// screens; the scan flow still names this file.
export { useDoorEngine } from '../hooks/useDoor';
