// The release model: parsing a target, and the verdict a construct gets under each release.
import { describe, expect, it } from 'vitest';
import { describeRun, judge, parseRelease, type BehaviourFact } from '../src/releases/index.js';
import { BEHAVIOUR } from '../src/releases/behaviour.js';

describe('parseRelease', () => {
  it.each([
    ['4.1', '4.1'], ['3.1.4', '3.1'], ['3.0.8.1', '3.0'], [' 2.8 ', '2.8'], ['04.01', '4.1'],
    ['4.2', null], ['2.7', null], ['4', null], ['latest', null], ['', null], ['3.1.4.5.6', null],
  ])('%j -> %j', (text, expected) => {
    expect(parseRelease(text)).toBe(expected);
  });
});

describe('judge', () => {
  const fact: BehaviourFact = {
    id: 'example', construct: 'an example',
    changes: [{ from: '3.1', treatment: 'warns', source: 'x' }, { from: '4.0', treatment: 'refuses', source: 'y' }],
  };
  it.each([
    ['2.8', 'info', '2.8-3.0 accept it; 4.0 and later refuse it'],
    ['3.0', 'info', '2.8-3.0 accept it; 4.0 and later refuse it'],
    ['3.2', 'warning', '3.1-3.3 accept it with a deprecation warning; 4.0 and later refuse it'],
    ['4.1', 'error', '4.0 and later refuse it'],
  ] as const)('under %s: %s', (target, severity, says) => {
    expect(judge(fact, target)).toMatchObject({ severity, says });
  });

  it('reports nothing when no release refuses, warns about or ignores it', () => {
    expect(judge({ id: 'x', construct: 'x', changes: [] }, '4.1')).toBeNull();
  });

  it('names a single release in the singular', () => {
    const once: BehaviourFact = { id: 'x', construct: 'x', changes: [{ from: '2.8', treatment: 'ignores', source: 'a' }, { from: '3.0', treatment: 'accepts', source: 'b' }] };
    expect(describeRun(once, '2.8')).toBe('2.8 ignores it');
  });

  it('every fact cites a source for each change, oldest first', () => {
    for (const fact of BEHAVIOUR.values()) {
      expect(fact.changes.length, fact.id).toBeGreaterThan(0);
      for (const change of fact.changes) expect(change.source, fact.id).toMatch(/@\d\.\d/);
    }
  });
});
