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

    /// What a session starts from: registers `courseID` in `store` and returns the saved
    /// session with the lesson it was in, when it was inside one and that lesson still
    /// loads. What went wrong is passed to `problem`, with whether the course itself could
    /// not be read (else only the lesson could not be resumed; the session starts in IDLE);
    /// every runner of the machine starts this way, then calls ``SessionMachine/start(from:lesson:timing:)``.
    public func sessionToResume(courseID: String, store: ProgressStore, problem: (_ message: String, _ courseUnreadable: Bool) -> Void) -> (SavedSession?, Lesson?) {
        var lesson: Lesson?
        do {
            let course = try loadCourse(courseID)
            try store.register(course: course)
            if let saved = try store.savedSession(), let id = saved.lessonID, saved.state.resumePoint != .idle {
                do {
                    lesson = try loadLesson(id, course: course)
                } catch {
                    problem("cannot resume lesson \(id): \(error); starting in IDLE", false)
                }
            }
        } catch {
            problem(String(describing: error), true)
        }
        return ((try? store.savedSession()) ?? nil, lesson)
    }
}
