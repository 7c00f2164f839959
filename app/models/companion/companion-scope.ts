// What the study companion will not answer from the course library. It helps
// with the academy's material; it does not give medical, legal or financial
// advice, and on words of crisis it points to real help first.

export type ScopeRefusal = "crisis" | "medical" | "legal" | "financial";

const CRISIS = /\b(suicid\w*|kill (?:myself|themselves|himself|herself)|end(?:ing)? (?:my|their|his|her) (?:own )?life|self[- ]?harm\w*|hurt(?:ing)? (?:myself|themselves)|want to die|overdos\w*)\b/i;
const MEDICAL = /\b(diagnos\w*|medication\w*|dosage|dose of|prescri\w*|antidepressant\w*|symptoms? of|cure (?:for|my)|treat(?:ment)? for (?:my|a|an|his|her|their)\b|stop taking)\b/i;
const LEGAL = /\b(legal advice|lawsuit\w*|sue (?:my|a|an|the|him|her|them)|custody|immigration|(?:is it|is this) legal|break (?:my|a|the) (?:lease|contract))\b/i;
const FINANCIAL = /\b(invest(?:ment|ing)? advice|should i invest|stock(?:s| market)|crypto\w*|bitcoin|retirement (?:fund|savings)|which shares|trading tips)\b/i;

export function scopeRefusal(question: string): ScopeRefusal | null {
  if (CRISIS.test(question)) return "crisis";
  if (MEDICAL.test(question)) return "medical";
  if (LEGAL.test(question)) return "legal";
  if (FINANCIAL.test(question)) return "financial";
  return null;
}

export const REFUSAL_TEXT: Record<ScopeRefusal, string> = {
  crisis:
    "I'm really glad you reached out. If you or someone you are with may be in danger right now, please contact emergency services (911 in the US and Canada, 999 in the UK, 112 in the EU) or a crisis line such as **988** (call or text, US) or Samaritans on **116 123** (UK and Ireland). You don't have to handle this alone.\n\nWhen a client is in crisis, your role is to stay calm, keep them talking and connect them with professional help — the course library covers this below.",
  medical:
    "I can help with the academy's course material, but I can't give medical advice. For anything about health, symptoms or medication, please speak with a doctor or another qualified health professional — and encourage your clients to do the same.",
  legal:
    "I can help with the academy's course material, but I can't give legal advice. For questions about the law, contracts or disputes, please consult a qualified lawyer in your area.",
  financial:
    "I can help with the academy's course material, but I can't give financial or investment advice. Please talk to a licensed financial adviser. (Questions about pricing your own readings are welcome — the course library covers that.)",
};
