// The text of a thrown error, as the gateway reports it. otto formats an Error as "<name>: <message>",
// the name alone when the message is empty (robertkrimen/otto error.go@b87d35c _error.format). The
// sandbox's engine words some errors differently from otto; these are put in otto's words
// (cmpl_evaluate_expression.go: "Cannot access member '%s' of %s" and "'%s' is not a function";
// type_reference.go: "'%s' is not defined"). What cannot be mapped exactly is listed in docs/testing.md.

const MEMBER_OF = /^cannot (?:read|set) property '([^']*)' of (undefined|null)$/;
const COMPUTED_MEMBER_OF = /^cannot (?:read|set) property of (undefined|null)$/;

export function ottoErrorText(name: string, message: string, names: { member?: string; callee?: string } = {}): string {
  const text = ottoMessage(message, names);
  if (name === '') return text;
  if (text === '') return name;
  return `${name}: ${text}`;
}

function ottoMessage(message: string, { member: computedMember, callee }: { member?: string; callee?: string }): string {
  const member = MEMBER_OF.exec(message);
  if (member) return `Cannot access member '${member[1]}' of ${member[2]}`;
  const computed = COMPUTED_MEMBER_OF.exec(message);
  // QuickJS does not name a computed member; a literal one is read from the source (engine.ts memberAt).
  if (computed) return computedMember !== undefined ? `Cannot access member '${computedMember}' of ${computed[1]}` : `Cannot access member of ${computed[1]}`;
  // otto names the callee ("'f' is not a function"); QuickJS does not, so it is read from the source (engine.ts namesAt).
  if (message === 'not a function') return callee !== undefined ? `'${callee}' is not a function` : 'is not a function';
  return message;
}
