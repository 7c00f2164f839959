export { isoTime } from "./sqlite/dialect";
