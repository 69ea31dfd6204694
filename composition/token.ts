import type { ServiceIdentifier } from 'inversify';

/** A typed service identifier, named `spindle/<module>/<name>`; each module declares its own in `<module>-tokens.ts`. */
export const token = <T>(name: string) => Symbol.for(`spindle/${name}`) as ServiceIdentifier<T>;
