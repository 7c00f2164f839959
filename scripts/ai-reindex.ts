// `npm run ai:reindex`: rebuilds the study companion's library (every lesson
// section and knowledge-base article) from the database. Safe while the
// academy runs: it is one transaction. With OPENAI_EMBEDDING_MODEL set it then
// embeds the passages that need it (the server does this in the background too).
import { embedLibrary, embeddingsConfigured } from "~/models/companion/companion-embeddings.server";
import { rebuildLibrary } from "~/models/companion/companion-library.server";
import { logger } from "~/utils/logger.server";

const started = Date.now();
const passages = await rebuildLibrary();
logger.info(`Rebuilt the study companion's library: ${passages} passages in ${Date.now() - started} ms`);
if (embeddingsConfigured()) logger.info(`Embedded ${await embedLibrary()} passages`);
