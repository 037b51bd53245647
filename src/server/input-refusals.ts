/**
 * A validation refusal as a message (src/lib/messages/message.ts): the field named in the reader's language and
 * the rule it broke. English says both as today ("customer_name: Invalid input: expected string, received
 * undefined"); Luganda and Swahili say the field's own word with the API's name after it and the rule the
 * validator checked, read from the issue rather than from zod's English.
 */
import type { z } from 'zod';
import { outcomes as english } from '../lib/i18n/en/outcomes';
import { FIELD_NAME_MESSAGES } from '../lib/messages/field-name-messages';
import { message, type Message } from '../lib/messages/message';
import { sayMessage } from '../lib/messages/say-message';

type Issue = z.core.$ZodIssue;

/** Every text entry of the shoppers' tables by its English, so a rule a schema wrote from a table is that entry. */
const TEXT_ENTRIES = new Map<string, Message>();
for (const [domain, table] of Object.entries(english)) {
  if (domain === 'fieldName') continue;
  for (const [entry, text] of Object.entries(table)) {
    if (typeof text === 'string' && !TEXT_ENTRIES.has(text)) TEXT_ENTRIES.set(text, { key: `${domain}.${entry}`, values: [] });
  }
}

/** The rule an issue says was broken, from what the validator checked. */
function ruleOf(issue: Issue): Message {
  switch (issue.code) {
    case 'invalid_type':
      // zod keeps no input in its issues; its own words say when nothing was sent.
      if (issue.message.endsWith('received undefined')) return message('field', 'required');
      if (issue.expected === 'string') return message('field', 'text');
      if (issue.expected === 'number' || issue.expected === 'int') return message('field', 'number');
      return message('field', 'invalid');
    case 'too_small': {
      const least = Number(issue.minimum);
      if (issue.origin === 'string') return least <= 1 ? message('field', 'required') : message('field', 'atLeastCharacters', least);
      if (issue.origin === 'array') return least <= 1 ? message('field', 'required') : message('field', 'atLeast', least);
      return issue.inclusive === false && least === 0 ? message('field', 'oneOrMore') : message('field', 'atLeast', least);
    }
    case 'too_big': {
      const most = Number(issue.maximum);
      if (issue.origin === 'string') return message('field', 'atMostCharacters', most);
      if (issue.origin === 'array') return message('field', 'atMostLines', most);
      return message('field', 'atMost', most);
    }
    case 'invalid_value':
      return message('field', 'oneOf', issue.values.map(String).join(', '));
    case 'invalid_format':
      return issue.format === 'email' ? message('field', 'email') : message('field', 'invalid');
    default:
      return message('field', 'invalid');
  }
}

/** What a rule says: its table entry when a schema wrote it from one, else the rule checked, said as written in English. */
function ruleSaid(issue: Issue): Message {
  const entry = TEXT_ENTRIES.get(issue.message);
  if (entry) return entry;
  const rule = ruleOf(issue);
  return sayMessage(rule, 'en') === issue.message ? rule : message('field', 'asValidatorSays', issue.message, rule);
}

/** A field's path as a person reads it: `items.0.quantity` is a quantity, its path kept for developers. */
function fieldSaid(path: readonly PropertyKey[]): Message | string {
  const written = path.map(String).join('.');
  const name = path.map(String).findLast((part) => !/^\d+$/.test(part));
  if (name === undefined || !Object.hasOwn(FIELD_NAME_MESSAGES, name)) return written;
  return message('field', 'named', written, message('fieldName', name as keyof typeof FIELD_NAME_MESSAGES));
}

/** A field as the API names it (`password`, `items.0.quantity`), said as a refusal names it: also inside a rule ("must not be after to"). */
export function fieldNamed(field: string): Message | string {
  return fieldSaid(field.split('.'));
}

/** A field (as the API names it: `password`, `items.0.quantity`) and the rule it broke. */
export function fieldRefusal(field: string, rule: Message): Message {
  return message('api', 'because', fieldNamed(field), rule);
}

/** The first validation problem as a message: "limit: must be at most 100", the field named in the reader's language. */
export function zodRefusal(error: z.ZodError): Message {
  const issue = error.issues[0];
  if (!issue) return message('field', 'invalidRequest');
  const rule = ruleSaid(issue);
  return issue.path.length > 0 ? fieldRefusal(issue.path.map(String).join('.'), rule) : rule;
}
