import Testing
@testable import IngredientImport

/// Issue 16's page rules about markup conventions: lines kept in `data-` attributes, lines
/// the structured data runs together where the page's rows set them apart, converted
/// amounts the page adds. Every page here is written for these tests.
@Suite("HTML page markup rules")
struct PageMarkupRuleTests {
    /// The page's first recipe (the helper of `SourceChoiceTests`).
    static func record(_ html: String) throws -> RecipeRecord { try SourceChoiceTests.lines(html) }

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

    /// A page with a JSON-LD list and a page list (the helper of `SourceChoiceTests`).
    static func page(ld: [String], list: [String]) -> String { SourceChoiceTests.page(ld: ld, list: list) }

    @Test func convertedAmountsThePageAddsAfterTheAmountsAreKept() throws {
        // The page shows the JSON-LD's lines with metric amounts after the cups and spoons.
        let ld = ["1 1/2 cups rolled oats", "1/4 tsp fine salt", "2 apples, grated", "1 cup milk (2%)"]
        let list = ["1 ½ cups (375 mL) rolled oats", "¼ tsp (1 mL) fine salt", "2 apples, grated", "1 cup (250 mL) milk (2%)"]
        let r = try Self.record(Self.page(ld: ld, list: list))
        #expect(r.texts == list)
        #expect(r.warnings.contains { $0.contains("converted amounts the page adds") })
    }

    @Test func convertedAmountsAfterTheNameOrOtherChangesKeepTheJSONLD() throws {
        // A widget's conversions after the names: the JSON-LD stays.
        let ld = ["2 lb beef short ribs, cut into pieces", "1 cup cashews"]
        let afterName = try Self.record(Self.page(ld: ld, list: ["2 lb beef short ribs (910 g), cut into pieces", "1 cup cashews (150 g)"]))
        #expect(afterName.texts == ld)
        // The page's list also drops the JSON-LD's parentheses: not the same lines.
        let ld2 = ["1 cup oats (rolled)", "1 tsp salt"]
        let other = try Self.record(Self.page(ld: ld2, list: ["1 cup (250 mL) oats rolled", "1 tsp (5 mL) salt"]))
        #expect(other.texts == ld2)
    }

    @Test func microdataMarkedTwiceIsReadOnce() throws {
        // Two layouts of one list, each marked as microdata; a line repeats inside the list.
        let items = ["Juice of 1 lime", "Rice, 2 cups", "Juice of 1 lime", "Salt"].map { "<li itemprop=\"recipeIngredient\">\($0)</li>" }.joined()
        let html = """
            <html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Rice</h1>
            <div class="desktop"><ul>\(items)</ul></div><div class="mobile"><ul>\(items)</ul></div></div></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["Juice of 1 lime", "Rice, 2 cups", "Juice of 1 lime", "Salt"])
    }

    @Test func amountsAProgramConvertedGiveWayToThePagesAmounts() throws {
        // Two JSON-LD lines carry a program's gram conversions; the page shows spoons and cups.
        let ld = ["400 g canned chickpeas", "27.30 gm sesame oil", "2 lemons, juiced", "250.00 gm water"]
        let list = ["400 g canned chickpeas", "2 tbsp sesame oil", "2 lemons, juiced", "1 cup water"]
        let r = try Self.record(Self.page(ld: ld, list: list))
        #expect(r.texts == list)
        #expect(r.warnings.contains { $0.contains("as a program converts them") })
        // A decimal as people write it ("1.5 kg") is no program's: the JSON-LD stays.
        let ld2 = ["1.5 kg potatoes", "2 onions"]
        let kept = try Self.record(Self.page(ld: ld2, list: ["3 lb potatoes", "2 onions"]))
        #expect(kept.texts == ld2)
    }
    @Test func anItemHoldingOnlyAHeadingNamesAGroup() throws {
        let html = """
            <html><body><ul class="recipe-ingredients">
            <li><h3>For the crust</h3></li><li>200 g flour</li><li>100 g butter</li>
            <li><h3>For the filling</h3></li><li>3 apples</li><li>2 tbsp sugar</li>
            </ul></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["200 g flour", "100 g butter", "3 apples", "2 tbsp sugar"])
        #expect(r.groups == ["For the crust", "For the crust", "For the filling", "For the filling"])
    }

    @Test func aYieldUnderTheIngredientsHeadingIsNoLine() throws {
        let html = """
            <html><body><h2>Ingredients</h2><p>for 2 to 3 servings</p>
            <ul><li>2 leeks, sliced</li><li>1 tablespoon butter</li><li>salt</li></ul>
            <h2>Directions</h2><p>Melt the butter.</p></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["2 leeks, sliced", "1 tablespoon butter", "salt"])
    }

    @Test func structuredLinesThatAreThePagesSubHeadersBecomeGroups() throws {
        // The JSON-LD lists a sub-header among its lines; the page shows it as a heading.
        let html = """
            <html><head><script type="application/ld+json">{"@type":"Recipe","name":"Cake","recipeIngredient":["2 cups flour","1 tsp baking soda","Lemon glaze","1 cup icing sugar","2 tbsp lemon juice"]}</script></head>
            <body><div class="recipe-ingredients"><ul><li>2 cups flour</li><li>1 tsp baking soda</li></ul>
            <h4>Lemon glaze</h4><ul><li>1 cup icing sugar</li><li>2 tbsp lemon juice</li></ul></div></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["2 cups flour", "1 tsp baking soda", "1 cup icing sugar", "2 tbsp lemon juice"])
        #expect(r.groups == [nil, nil, "Lemon glaze", "Lemon glaze"])
        #expect(r.warnings.contains { $0.contains("read as group name") })
    }

    @Test func aHowToMakeItTitleEndsTheIngredients() throws {
        let html = """
            <html><body><h2>Ingredients</h2><ul><li>1 pound chicken thighs</li><li>2 tablespoons olive oil</li><li>1 onion, sliced</li></ul>
            <p><strong>Here's how to make it:</strong></p>
            <ol><li>Heat the oil in a large skillet and brown the chicken on both sides.</li><li>Add the onion and cook until soft.</li></ol></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["1 pound chicken thighs", "2 tablespoons olive oil", "1 onion, sliced"])
    }

    @Test func aParagraphHoldingOnlyABoldTitleNamesAGroup() throws {
        // Lines in paragraphs of an ingredient container, a bold paragraph between them.
        let paragraphs = """
            <html><body><section id="recipe-ingredients"><p>400 g rice</p><p>1 onion</p>
            <p><strong>The sauce</strong></p><p>2 tbsp soy sauce</p><p>1 tsp sugar</p></section></body></html>
            """
        let r = try Self.record(paragraphs)
        #expect(r.texts == ["400 g rice", "1 onion", "2 tbsp soy sauce", "1 tsp sugar"])
        #expect(r.groups == [nil, nil, "The sauce", "The sauce"])
        // Lists under an "Ingredients" heading, each after a bold paragraph.
        let lists = """
            <html><body><h2>Ingredients</h2><p><b>Crust</b></p><ul><li>200 g flour</li><li>100 g butter</li></ul>
            <p><b>Filling</b></p><ul><li>3 apples</li><li>2 tbsp sugar</li></ul><h2>Method</h2><p>Bake it.</p></body></html>
            """
        let l = try Self.record(lists)
        #expect(l.texts == ["200 g flour", "100 g butter", "3 apples", "2 tbsp sugar"])
        #expect(l.groups == ["Crust", "Crust", "Filling", "Filling"])
    }

    @Test func aHeadingAmongParagraphLinesNamesAGroup() throws {
        let html = """
            <html><body><div class="ingredients-box"><p>200 g oats</p><p>50 g honey</p>
            <h4>Topping</h4><p>30 g pumpkin seeds</p><p>1 pinch salt</p></div></body></html>
            """
        let r = try Self.record(html)
        #expect(r.texts == ["200 g oats", "50 g honey", "30 g pumpkin seeds", "1 pinch salt"])
        #expect(r.groups == [nil, nil, "Topping", "Topping"])
    }
}
