import Course
import Testing

@Suite("AnswerEvaluator")
struct AnswerEvaluatorTests {
    let evaluator = AnswerEvaluator()
    let correct = "Land, descendants, and blessing"
    let variants = ["land, offspring, blessing", "territory, descendants, divine favor"]

    func judge(_ answer: String) -> AnswerEvaluation {
        evaluator.evaluate(answer, correctAnswer: correct, acceptableVariants: variants)
    }

    @Test("the correct answer and its variants, however written or ordered", arguments: [
        ("Land, descendants, and blessing", "Land, descendants, and blessing"),
        ("land descendants and blessing", "Land, descendants, and blessing"),
        ("LAND, DESCENDANTS AND BLESSING!", "Land, descendants, and blessing"),
        ("blessing, land and descendants", "Land, descendants, and blessing"),
        ("the land, the descendants and a blessing", "Land, descendants, and blessing"),
        ("descendants & land & blessing", "Land, descendants, and blessing"),
        ("land offspring blessing", "land, offspring, blessing"),
        ("divine favor, territory and descendants", "territory, descendants, divine favor"),
    ])
    func accepted(answer: String, matched: String) {
        let result = judge(answer)
        #expect(result.isCorrect)
        #expect(result.matchedAnswer == matched)
        #expect(result.reply.text == "Correct")
    }

    @Test("wrong, partial, padded or scrambled answers are told the correct answer", arguments: [
        "land and descendants",
        "land descendants blessing and faith",
        "faith",
        "",
        "favor divine territory descendants",
        "land descendants blessings",
        "I think it is land descendants and blessing",
    ])
    func rejected(answer: String) {
        let result = judge(answer)
        #expect(!result.isCorrect)
        #expect(result.matchedAnswer == nil)
        #expect(result.reply.text == "The answer is Land, descendants, and blessing")
    }

    @Test("number words and digits compare equal")
    func numbers() {
        let ten = evaluator.evaluate("ten", correctAnswer: "10", acceptableVariants: [])
        #expect(ten.isCorrect)
        #expect(evaluator.evaluate("Twelve tribes", correctAnswer: "12 tribes", acceptableVariants: []).isCorrect)
        #expect(evaluator.evaluate("40 days and 40 nights", correctAnswer: "Forty days and forty nights", acceptableVariants: []).isCorrect)
        #expect(evaluator.evaluate("twenty-one", correctAnswer: "21", acceptableVariants: []).isCorrect)
        #expect(evaluator.evaluate("one hundred and twenty", correctAnswer: "120", acceptableVariants: []).isCorrect)
        #expect(evaluator.evaluate("the first day", correctAnswer: "1st day", acceptableVariants: []).isCorrect)
        #expect(!evaluator.evaluate("eleven", correctAnswer: "10", acceptableVariants: []).isCorrect)
        #expect(!evaluator.evaluate("two three", correctAnswer: "5", acceptableVariants: []).isCorrect)
    }

    @Test("a single-item answer must keep its word order")
    func singleItemOrder() {
        #expect(evaluator.evaluate("the Mount Sinai", correctAnswer: "Mount Sinai", acceptableVariants: []).isCorrect)
        #expect(!evaluator.evaluate("Sinai Mount", correctAnswer: "Mount Sinai", acceptableVariants: []).isCorrect)
        #expect(evaluator.evaluate("Abram's", correctAnswer: "Abrams", acceptableVariants: []).isCorrect)
    }

    @Test("the reply carries the curriculum's answer, never the listener's words")
    func replyWording() {
        let result = evaluator.evaluate("Moses", correctAnswer: "Abraham", acceptableVariants: ["Abram"])
        #expect(result.reply == .answerIs("Abraham"))
        #expect(result.reply.text == "The answer is Abraham")
        #expect(evaluator.evaluate("abram", correctAnswer: "Abraham", acceptableVariants: ["Abram"]).matchedAnswer == "Abram")
    }
}
