// A strict reader for the iCalendar the academy writes (RFC 5545), for tests:
// it refuses anything a lenient calendar app would guess at (a bare CR or LF,
// a physical line over 75 octets, an unknown escape, an unbalanced BEGIN/END),
// so a test that reads a feed through it proves the feed is well formed.

export interface CalendarProperty {
  name: string;
  parameters: Record<string, string>;
  /** The raw value, still escaped. */
  raw: string;
}

export interface CalendarComponent {
  name: string;
  properties: CalendarProperty[];
  components: CalendarComponent[];
}

const NAME = /^[A-Za-z0-9-]+$/;

/** Undoes TEXT escaping (§3.3.11); throws on a backslash that escapes nothing allowed. */
export function unescapeText(raw: string): string {
  let text = "";
  for (let index = 0; index < raw.length; index++) {
    const character = raw.charAt(index);
    if (character === ";" || character === ",") throw new Error(`Unescaped "${character}" in TEXT value: ${raw}`);
    if (character !== "\\") {
      text += character;
      continue;
    }
    const next = raw.charAt(++index);
    if (next === "n" || next === "N") text += "\n";
    else if (next === "\\" || next === ";" || next === ",") text += next;
    else throw new Error(`Unknown escape "\\${next}" in: ${raw}`);
  }
  return text;
}

function parseContentLine(line: string): CalendarProperty {
  const colon = line.indexOf(":");
  if (colon < 0) throw new Error(`Content line without a value: ${line}`);
  const [name = "", ...parameterTexts] = line.slice(0, colon).split(";");
  if (!NAME.test(name)) throw new Error(`Bad property name "${name}" in: ${line}`);
  const parameters: Record<string, string> = {};
  for (const parameter of parameterTexts) {
    const [key = "", value, extra] = parameter.split("=");
    if (!NAME.test(key) || value === undefined || extra !== undefined) throw new Error(`Bad parameter "${parameter}" in: ${line}`);
    parameters[key.toUpperCase()] = value;
  }
  return { name: name.toUpperCase(), parameters, raw: line.slice(colon + 1) };
}

/** Reads a whole calendar stream into its component tree (one top-level VCALENDAR). */
export function readCalendar(ics: string): CalendarComponent {
  if (!ics.endsWith("\r\n")) throw new Error("The last line does not end with CRLF");
  const physical = ics.slice(0, -2).split("\r\n");
  for (const line of physical) {
    if (/[\r\n]/.test(line)) throw new Error(`Bare CR or LF in: ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, "utf8") > 75) throw new Error(`Line over 75 octets: ${line}`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (logical.length === 0) throw new Error("The stream begins with a continuation line");
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  const root: CalendarComponent = { name: "", properties: [], components: [] };
  const stack: CalendarComponent[] = [root];
  for (const line of logical) {
    const property = parseContentLine(line);
    const current = stack.at(-1) ?? root;
    if (property.name === "BEGIN") {
      const component: CalendarComponent = { name: property.raw.toUpperCase(), properties: [], components: [] };
      current.components.push(component);
      stack.push(component);
    } else if (property.name === "END") {
      if (current === root || current.name !== property.raw.toUpperCase()) throw new Error(`END:${property.raw} closes ${current.name || "nothing"}`);
      stack.pop();
    } else {
      if (current === root) throw new Error(`Property outside any component: ${line}`);
      current.properties.push(property);
    }
  }
  if (stack.length !== 1) throw new Error(`Unclosed component ${stack.at(-1)?.name}`);
  const [calendar, ...rest] = root.components;
  if (!calendar || calendar.name !== "VCALENDAR" || rest.length > 0) throw new Error("Not exactly one VCALENDAR");
  return calendar;
}

/** The one value of a TEXT property, unescaped; throws when it is missing or repeated. */
export function textOf(component: CalendarComponent, name: string): string {
  const found = component.properties.filter((property) => property.name === name);
  if (found.length !== 1 || !found[0]) throw new Error(`${component.name} has ${found.length} ${name} properties`);
  return unescapeText(found[0].raw);
}

export function propertyNames(component: CalendarComponent): string[] {
  return component.properties.map((property) => property.name);
}
