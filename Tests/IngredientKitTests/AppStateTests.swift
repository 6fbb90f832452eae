import Testing
@testable import IngredientImport

/// Ingredient lists kept only in a script framework's application state.
@Suite("Application state")
struct AppStateTests {
    static let items = #"[{\"id\":\"a1\",\"name\":\"Pak choi\",\"displayQuantity\":3,\"unitOfMeasure\":\"pcs\"},"#
        + #"{\"id\":\"a2\",\"name\":\"Spring onions\",\"displayQuantity\":0.5,\"unitOfMeasure\":\"bunch\"},"#
        + #"{\"id\":\"a3\",\"name\":\"Lime\",\"displayQuantity\":1,\"unitOfMeasure\":{\"name\":\"pc\"}},"#
        + #"{\"id\":\"a4\",\"name\":\"Udon noodles \\\"fresh\\\"\",\"displayQuantity\":300,\"unitOfMeasure\":\"g\"},"#
        + #"{\"id\":\"a5\",\"name\":\"Sesame\"}]"#

    @Test func anIngredientArrayInAScriptStringIsRead() {
        let html = """
            <html><head><title>Udon bowl</title></head><body><div id="app"></div>
            <script>self.__next_f.push([1,"{\\"recipe\\":{\\"tags\\":[{\\"name\\":\\"vegan\\"}],\\"ingredients\\":\(Self.items)}}"])</script>
            </body></html>
            """
        guard case let .success(records) = HTMLExtractor.records(html: html), let r = records.first else {
            Issue.record("no recipe")
            return
        }
        #expect(r.ingredients.map(\.text) == ["3 pcs Pak choi", "0.5 bunch Spring onions", "1 pc Lime", "300 g Udon noodles \"fresh\"", "Sesame"])
        #expect(r.warnings.contains { $0.contains("application state") })
    }

    @Test func arraysWithoutAmountsAreNotIngredients() {
        let products = #"[{"name":"Knife","price":12.5},{"name":"Board","price":20},{"name":"Pan","price":35}]"#
        let html = "<html><body><script>window.__STATE__ = {\"shop\":\(products),\"quantityLabel\":\"x\"}</script></body></html>"
        guard case .failure = HTMLExtractor.records(html: html) else {
            Issue.record("a product list was read as ingredients")
            return
        }
    }
}
