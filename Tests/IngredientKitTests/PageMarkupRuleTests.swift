import Testing
@testable import IngredientImport

/// Issue 16's page rules about markup conventions: lines kept in `data-` attributes, lines
/// the structured data runs together where the page's rows set them apart. Every page here
/// is written for these tests.
@Suite("HTML page markup rules")
struct PageMarkupRuleTests {
    static func record(_ html: String) throws -> RecipeRecord {
        guard case let .success(records) = HTMLExtractor.records(html: html) else {
            Issue.record("no recipe")
            throw CancellationError()
        }
        return try #require(records.first)
    }

    @Test func structuredLinesWithoutSpacesTakeThePagesRowBoundaries() throws {
        // The JSON-LD runs amount and name together; the page's table rows hold them in
        // two cells, name first. The line keeps the JSON-LD's order, with the page's space.
        let html = """
            <html><head><script type="application/ld+json">{"@type":"Recipe","name":"蛋饼","recipeIngredient":["200克面粉","2个鸡蛋","盐少许"]}</script></head>
            <body><div class="ings"><table>
            <tr><td class="name"><a href="/a">面粉</a></td><td class="unit">200克</td></tr>
            <tr><td class="name"><a href="/b">鸡蛋</a></td><td class="unit">2个</td></tr>
            <tr><td class="name">葱</td><td class="unit">1根</td></tr>
            </table></div></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["200克 面粉", "2个 鸡蛋", "盐少许"])
        #expect(r.warnings.contains { $0.contains("2 JSON-LD lines spaced") })
    }

    @Test func linesWithSpacesAreNeverRespaced() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@type":"Recipe","name":"T","recipeIngredient":["200 g flour","2 eggs"]}</script></head>
            <body><table><tr><td>flour</td><td>200 g</td></tr><tr><td>eggs</td><td>2</td></tr></table></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["200 g flour", "2 eggs"])
        #expect(r.warnings.isEmpty)
    }

    @Test func aUnitKeptOnlyInDataAttributesIsRead() throws {
        // The amount element shows the number; its unit and a second, converted amount are
        // in `data-` attributes that a script renders.
        let html = """
            <html><body><div class="recipe-ingredients">
            <div><b class="ingredient-unit-display" data-primary-amount="200" data-primary-unit="g" data-secondary-amount="1.5" data-secondary-unit="cup">200</b>&nbsp;<span class="ingredient-name-display">plain flour</span></div>
            <div><b class="ingredient-unit-display" data-primary-amount="2" data-primary-unit="tbsp" data-secondary-amount data-secondary-unit>2</b>&nbsp;<span class="ingredient-name-display">olive oil</span></div>
            <div><b class="ingredient-unit-display" data-primary-amount="3" data-primary-unit data-secondary-amount data-secondary-unit>3</b>&nbsp;<span class="ingredient-name-display">eggs</span></div>
            </div></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["200 g (1.5 cup) plain flour", "2 tbsp olive oil", "3 eggs"])
    }

    @Test func aDataUnitBesideTheUnitTextIsNotDoubled() throws {
        let html = """
            <html><body><ul class="recipe-ingredients">
            <li class="ingredient"><span class="quantity" data-amount="1" data-unit="cup">1</span> <span class="unit">cup</span> <span class="name">milk</span></li>
            <li class="ingredient"><span data-amount="0.5" data-unit="cup">½ cup</span> sugar</li>
            <li class="ingredient"><span class="quantity" data-amount="2" data-unit="ounce">2</span>–<span class="unit">ounces</span> dark chocolate</li>
            </ul></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["1 cup milk", "½ cup sugar", "2–ounces dark chocolate"])
    }
}
