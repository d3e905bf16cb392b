import type { Language } from '../../accounts/index.ts';

/**
 * Words a message has and a research summary does not: greetings, sign-offs and the capitalised
 * words that open a sentence addressed to someone ("Hi Anna,", "If it is worth a look", "One last
 * question"). The name check (grounding/names.ts) spots names by their capitals and
 * would take "Hi Anna" for a name no fact holds; these words are given to it as known words, never to
 * the model as facts. A name that only begins with one of them ("Best Buy") is still checked whole.
 */
export const MESSAGE_WORDS: Record<Language, string[]> = {
  en: ['hi', 'hello', 'hey', 'dear', 'good', 'morning', 'afternoon', 'best', 'kind', 'warm', 'regards', 'wishes', 'cheers', 'thanks', 'thank', 'if', 'one', 'ps', 'mr', 'ms', 'mrs'],
  pl: ['dzien', 'dobry', 'szanowna', 'szanowny', 'szanowni', 'pani', 'pan', 'czesc', 'witam', 'pozdrawiam', 'pozdrowienia', 'serdeczne', 'dziekuje', 'jesli', 'jezeli', 'ps'],
  de: ['hallo', 'guten', 'tag', 'liebe', 'lieber', 'sehr', 'geehrte', 'geehrter', 'frau', 'herr', 'viele', 'beste', 'freundliche', 'grusse', 'danke', 'wenn', 'falls', 'ps'],
  fr: ['bonjour', 'chere', 'cher', 'madame', 'monsieur', 'cordialement', 'bien', 'merci', 'si', 'ps'],
  es: ['hola', 'buenos', 'dias', 'estimada', 'estimado', 'senora', 'senor', 'saludos', 'cordiales', 'un', 'gracias', 'si', 'ps'],
  it: ['ciao', 'buongiorno', 'gentile', 'cordiali', 'saluti', 'grazie', 'se', 'ps'],
  pt: ['ola', 'bom', 'dia', 'prezada', 'prezado', 'cara', 'caro', 'senhora', 'senhor', 'cumprimentos', 'atenciosamente', 'obrigado', 'obrigada', 'se', 'ps'],
  nl: ['hallo', 'beste', 'geachte', 'mevrouw', 'meneer', 'groeten', 'hartelijke', 'vriendelijke', 'bedankt', 'dank', 'als', 'ps'],
};
