export * from './extraction.js';
export { extractWithRules, splitUtterances, type Utterance } from './rules.js';
