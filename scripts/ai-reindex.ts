// `npm run ai:reindex`: rebuilds the study companion's library (every lesson
// section and knowledge-base article) from the database. Safe while the
// academy runs: it is one transaction.
import { rebuildLibrary } from "~/models/companion-library.server";
import { logger } from "~/utils/logger.server";

const started = Date.now();
const passages = rebuildLibrary();
logger.info(`Rebuilt the study companion's library: ${passages} passages in ${Date.now() - started} ms`);
