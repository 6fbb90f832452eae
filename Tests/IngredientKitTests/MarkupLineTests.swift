import Testing
@testable import IngredientKit

/// Lines whose amount and name sit in elements of their own keep every part, in page order.
@Suite("Markup lines")
struct MarkupLineTests {
    static func texts(_ html: String) -> [String] {
        guard case let .success(records) = HTMLExtractor.records(html: html), let r = records.first else { return [] }
        return r.ingredients.map(\.text)
    }

    @Test func amountAndNameBlocksMakeOneLine() {
        let html = """
            <html><body><div class="recipe-ingredients">
            <div class="row"><div class="ingredient-amount">20 g</div><div class="ingredient-name">Butter</div></div>
            <div class="row"><div class="ingredient-amount">1</div><div class="ingredient-name">Zwiebel / Zwiebeln</div></div>
            <div class="row"><div class="ingredient-amount">500 ml</div><div class="ingredient-name">Milch</div></div>
            <div class="row"><div class="ingredient-amount"></div><div class="ingredient-name">Salz</div></div>
            </div></body></html>
            """
        #expect(Self.texts(html) == ["20 g Butter", "1 Zwiebel / Zwiebeln", "500 ml Milch", "Salz"])
    }

    @Test func inlinePartsStayInPageOrder() {
        let html = """
            <html><body><ul class="ingredients">
            <li><span class="ingredient-amount">20 g</span><span class="ingredient-name">Butter</span></li>
            <li><span class="ingredient-name">Milch</span> <span class="ingredient-amount">500 ml</span></li>
            </ul></body></html>
            """
        #expect(Self.texts(html) == ["20 g Butter", "Milch 500 ml"])
    }
}
