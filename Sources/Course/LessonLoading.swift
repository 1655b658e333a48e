extension CurriculumLoader {
    /// Carries out the machine's ``SessionEffect/loadNextLesson`` effect: finds the next
    /// lesson of `courseID` whose prerequisite is complete, registers its course and lesson
    /// in `store` (the session state refers to them), and returns the event that answers
    /// the effect. Every runner of the machine (the text session, the daemon) uses this.
    public func nextLessonEvent(courseID: String, store: ProgressStore) -> SessionEvent {
        let completed: Set<String>
        do {
            completed = try store.completedLessonIDs()
        } catch {
            return .lessonUnavailable(reason: error.description)
        }
        switch nextLesson(courseID: courseID, completed: completed) {
        case .lesson(let lesson, let jsonPath):
            do {
                if let course = try? loadCourse(courseID) { try store.register(course: course) }
                try store.register(lesson: lesson, jsonPath: jsonPath)
            } catch {
                return .lessonUnavailable(reason: error.description)
            }
            return .lessonLoaded(lesson)
        case .allComplete:
            return .allLessonsComplete
        case .unavailable(let reason):
            return .lessonUnavailable(reason: reason)
        }
    }
}
