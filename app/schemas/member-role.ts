import { z } from "zod";

// An admin sets a member's role (issue 29): PUT /api/admin/members/{id}/role
// and the member directory's form take the same shape.
export const RoleChangeSchema = z.object({
  role: z.enum(["student", "instructor", "admin"], { errorMap: () => ({ message: "Role must be student, instructor or admin" }) }),
  // Instructors only; left out, it keeps its value.
  canCreateCourses: z.boolean().optional(),
});
export type RoleChange = z.infer<typeof RoleChangeSchema>;

/** The directory's plain form: a ticked checkbox sends "on", an unticked one nothing. */
export const RoleFormSchema = z.object({
  role: RoleChangeSchema.shape.role,
  canCreateCourses: z.boolean().default(false),
});
