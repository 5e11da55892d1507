// The text of a thrown error, as the gateway reports it. otto formats an Error as "<name>: <message>",
// the name alone when the message is empty (robertkrimen/otto error.go@b87d35c _error.format). The
// sandbox's engine words some errors differently from otto; these are put in otto's words
// (cmpl_evaluate_expression.go: "Cannot access member '%s' of %s"; type_reference.go: "'%s' is not
// defined"). What cannot be mapped exactly is listed in docs/testing.md.

const MEMBER_OF = /^cannot (?:read|set) property '([^']*)' of (undefined|null)$/;
const COMPUTED_MEMBER_OF = /^cannot (?:read|set) property of (undefined|null)$/;

export function ottoErrorText(name: string, message: string, computedMember?: string): string {
  const text = ottoMessage(message, computedMember);
  if (name === '') return text;
  if (text === '') return name;
  return `${name}: ${text}`;
}

function ottoMessage(message: string, computedMember: string | undefined): string {
  const member = MEMBER_OF.exec(message);
  if (member) return `Cannot access member '${member[1]}' of ${member[2]}`;
  const computed = COMPUTED_MEMBER_OF.exec(message);
  // QuickJS does not name a computed member; a literal one is read from the source (engine.ts memberAt).
  if (computed) return computedMember !== undefined ? `Cannot access member '${computedMember}' of ${computed[1]}` : `Cannot access member of ${computed[1]}`;
  if (message === 'not a function') return 'is not a function';
  return message;
}
