import { describe, expect, test } from 'vitest';
import { enumSeverity } from '../../web/crud/kinds';
import '../../server/contract/index';

/** A status tag's colour says what the value means, whatever its place in the enumeration. */
describe('status tag colours', () => {
  test('enabled is green and disabled grey, in any order of the enumeration', () => {
    expect(enumSeverity('enableStatus', 1)).toBe('success');
    expect(enumSeverity('enableStatus', 0)).toBe('secondary');
  });

  test('waiting states are amber, refusals red, finished green, cancelled grey', () => {
    expect(enumSeverity('auditStatus', 0)).toBe('warning');
    expect(enumSeverity('auditStatus', 1)).toBe('success');
    expect(enumSeverity('auditStatus', 2)).toBe('danger');
    expect(enumSeverity('orderStatus', 0)).toBe('warning');
    expect(enumSeverity('orderStatus', 3)).toBe('success');
    expect(enumSeverity('orderStatus', 4)).toBe('secondary');
  });

  test('values and enumerations without a meaning are blue', () => {
    expect(enumSeverity('enableStatus', 42)).toBe('info');
    expect(enumSeverity('no-such-enum', 1)).toBe('info');
  });
});
