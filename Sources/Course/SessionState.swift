/// The states of a session (seed, section 3.1).
///
/// The raw value is the seed's name, stored in `session_state.current_state`.
public enum SessionState: String, CaseIterable, Sendable, Hashable, Codable {
    case idle = "IDLE"
    case lessonLoaded = "LESSON_LOADED"
    case orientationPlaying = "ORIENTATION_PLAYING"
    case readingReady = "READING_READY"
    case readingPlaying = "READING_PLAYING"
    case contextReady = "CONTEXT_READY"
    case contextPlaying = "CONTEXT_PLAYING"
    case analysisReady = "ANALYSIS_READY"
    case analysisPlaying = "ANALYSIS_PLAYING"
    case themesReady = "THEMES_READY"
    case themesPlaying = "THEMES_PLAYING"
    case questionReady = "QUESTION_READY"
    case questionAsked = "QUESTION_ASKED"
    case questionAnswered = "QUESTION_ANSWERED"
    case closeReady = "CLOSE_READY"
    case closePlaying = "CLOSE_PLAYING"
    case sessionComplete = "SESSION_COMPLETE"

    /// The lesson segment the state belongs to; nil in IDLE.
    public var segment: SegmentType? {
        switch self {
        case .idle: nil
        case .lessonLoaded, .orientationPlaying: .orientation
        case .readingReady, .readingPlaying: .reading
        case .contextReady, .contextPlaying: .context
        case .analysisReady, .analysisPlaying: .analysis
        case .themesReady, .themesPlaying: .themes
        case .questionReady, .questionAsked, .questionAnswered: .question
        case .closeReady, .closePlaying, .sessionComplete: .close
        }
    }

    /// Whether a segment's script is being played (the microphone is gated meanwhile).
    public var isPlaying: Bool {
        switch self {
        case .orientationPlaying, .readingPlaying, .contextPlaying, .analysisPlaying,
             .themesPlaying, .closePlaying:
            true
        default:
            false
        }
    }

    /// Whether the session waits for something a person says: IDLE, a READY state, the
    /// asked question, or the completed lesson; and LESSON_LOADED, which it rests in only
    /// when the orientation could not be played ("Read the passage" plays it again).
    /// (QUESTION_ANSWERED only waits for its timer.)
    public var isListening: Bool {
        switch self {
        case .idle, .lessonLoaded, .readingReady, .contextReady, .analysisReady, .themesReady, .questionReady,
             .questionAsked, .closeReady, .sessionComplete:
            true
        default:
            false
        }
    }

    /// Whether a segment held by "pause" waits in this state: the state that plays its
    /// segment on its command (LESSON_LOADED for the orientation, QUESTION_READY for the
    /// question).
    public var canHold: Bool {
        switch self {
        case .lessonLoaded, .readingReady, .contextReady, .analysisReady, .themesReady, .questionReady, .closeReady:
            true
        default:
            false
        }
    }

    /// Where a session saved in this state resumes after a crash: the start of the segment
    /// it was in, or IDLE once the lesson is complete.
    ///
    /// The orientation starts at LESSON_LOADED (which plays it at once); every other
    /// segment starts at its READY state.
    public var resumePoint: SessionState {
        switch self {
        case .idle, .sessionComplete: .idle
        case .lessonLoaded, .orientationPlaying: .lessonLoaded
        case .readingReady, .readingPlaying: .readingReady
        case .contextReady, .contextPlaying: .contextReady
        case .analysisReady, .analysisPlaying: .analysisReady
        case .themesReady, .themesPlaying: .themesReady
        case .questionReady, .questionAsked, .questionAnswered: .questionReady
        case .closeReady, .closePlaying: .closeReady
        }
    }
}
