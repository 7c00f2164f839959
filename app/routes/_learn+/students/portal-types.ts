// What the student portal's panels show, as the portal loader serialises it.

export interface PortalProgress {
  courseId: number;
  courseTitle: string;
  courseDescription: string;
  /** False when the course has since been archived: the record stays, the page is gone. */
  courseAvailable: boolean;
  isCompleted: boolean;
  progressPercentage: number;
  startedAt: string;
  lastAccessedAt: string;
  completedAt: string | null;
}

export interface PortalCertificate {
  id: number;
  courseTitle: string;
  certificateNumber: string;
  issuedAt: string;
  isVerified: boolean;
}

export interface PortalStats {
  enrolled: number;
  completed: number;
  /** Measured seconds, and the estimate of completed lessons that have none (learning-time.server.ts). */
  learningTime: { measuredSeconds: number; estimatedSeconds: number };
  streak: number;
}
