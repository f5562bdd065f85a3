#!/usr/bin/env node
// The `lockerline` executable: registers tsx's ESM loader, then runs the TypeScript program in-process.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('./main.ts');
process.exitCode = await run(process.argv);
