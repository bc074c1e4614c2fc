import { describe, expect, it } from 'vitest';
import { groupedJoinCode, parseJoinCode, readJoinCode } from '../../src/domain/join-code';

const CODE = '7K3MQ9TZ2HX4VB8N';

describe('a join code as a person hands it to the door', () => {
  it.each([
    ['typed whole', CODE],
    ['in groups, as the door kit prints it', '7K3M-Q9TZ-2HX4-VB8N'],
    ['in spaced groups, in lower case', ' 7k3m q9tz 2hx4 vb8n '],
  ])('reads a code %s', (_, typed) => {
    expect(parseJoinCode(typed)).toEqual({ code: CODE, origin: null });
  });

  it('reads I and L as 1 and O as 0, as Crockford meant', () => {
    expect(readJoinCode('ILO0-1100-AAAA-BBBB')).toBe('11001100AAAABBBB');
  });

  it('reads the door kit’s link and QR content, with the server it came from', () => {
    expect(parseJoinCode(`https://venue.example:4173/door/join#code=${CODE}`)).toEqual({
      code: CODE,
      origin: 'https://venue.example:4173',
    });
    expect(parseJoinCode(`http://10.0.0.2:4173/door/join/#code=7k3m-q9tz-2hx4-vb8n`)).toEqual({
      code: CODE,
      origin: 'http://10.0.0.2:4173',
    });
  });

  it('still reads the code when the link carries a badge layout after it', () => {
    expect(parseJoinCode(`https://venue.example/door/join#code=${CODE}&badge=1.4x3in.rflcjq`)).toEqual({
      code: CODE,
      origin: 'https://venue.example',
    });
  });

  it.each([
    '',
    'chk_p7sWvGkE7cU9wQ',
    'ti_abc123',
    '7K3M-Q9TZ-2HX4',
    '7K3M-Q9TZ-2HX4-VB8N-X',
    '7K3M-Q9TZ-2HX4-VB8U',
    'https://venue.example/door/join',
    `https://venue.example/door/join?code=${CODE}`,
    `https://venue.example/checkin_lists/chk_abcd#code=${CODE}`,
    `javascript:alert(1)//door/join#code=${CODE}`,
    `7${' '.repeat(60)}K3MQ9TZ2HX4VB8N`,
  ])('refuses %j', (input) => {
    expect(parseJoinCode(input)).toBeNull();
  });

  it('groups a code in fours, as the door kit shows it', () => {
    expect(groupedJoinCode(CODE)).toBe('7K3M-Q9TZ-2HX4-VB8N');
  });
});
