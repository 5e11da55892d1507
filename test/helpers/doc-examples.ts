// The examples of a rule's docs page (docs/rules/<id>.md): the fenced blocks under its "Failing example"
// and "Passing example" headings, with what each heading says about how to read them.
export interface Example {
  role: 'failing' | 'passing';
  heading: string;
  language: string;
  text: string;
  /** Why it is not run, when the page marks it as abbreviated. */
  notRun?: string;
}

/** The fenced blocks under a page's "Failing example" and "Passing example" headings. */
export function examplesOf(page: string): Example[] {
  const examples: Example[] = [];
  let failingHeading = '';
  for (const section of page.split(/^(?=## )/m)) {
    const heading = /^## (Failing|Passing) example[^\n]*/.exec(section);
    if (!heading) continue;
    // A passing example is read as the failing one (same kind, target and edition) unless it says otherwise.
    if (heading[1] === 'Failing') failingHeading = heading[0];
    else if (!/\(/.test(heading[0])) heading[0] += ` ${failingHeading}`;
    for (const block of section.matchAll(/(<!-- not run: ([^>]*?) -->\n)?```(\w*)\n([\s\S]*?)\n```/g)) {
      examples.push({
        role: heading[1] === 'Failing' ? 'failing' : 'passing',
        heading: heading[0],
        language: block[3]!,
        text: block[4]!,
        ...(block[2] ? { notRun: block[2] } : {}),
      });
    }
  }
  return examples;
}

