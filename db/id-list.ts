export { inIdList } from "./sqlite/dialect";
