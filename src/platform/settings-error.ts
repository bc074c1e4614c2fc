// A setting the operator gave (an environment variable) that the server cannot run with. Its
// message names the variable and what it takes: that is the whole story for the operator, so
// the server prints it alone, with no stack.
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}
