import Testing
@testable import IngredientImport

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

    /// A checklist built from plain elements (no list markup, no ingredient class names, no
    /// "Ingredients" heading) is read as the page's lines, each row in reading order; an
    /// equipment heading ends it, so the utensils rows that follow are not ingredients.
    @Test func checklistRowsWithoutListMarkupAreLines() {
        let html = """
            <html><body><h1>Rice pudding</h1>
            <div class="box">
            <div class="r"><input type="checkbox"/><div class="f"><div>2<!-- --> sticks</div><div class="b">cinnamon</div></div></div>
            <div class="r"><input type="checkbox"/><div class="f"><div>1<!-- --> pinch</div><div class="b">salt</div></div></div>
            <div class="r"><input type="checkbox"/><div class="f"><div>1<!-- --> packet</div><div class="b">custard powder</div><div>(40 g)</div></div></div>
            <div class="r"><input type="checkbox"/><div class="f"><div>1 l</div><div class="b">milk</div></div></div>
            </div>
            <div class="t">Utensils</div>
            <div class="box">
            <div class="r"><div>1</div><div>saucepan</div></div>
            <div class="r"><div>1</div><div>wooden spoon</div></div>
            <div class="r"><div>1</div><div>bowl</div></div>
            </div>
            <p>Bring the milk to the boil with the cinnamon, stir in the custard powder and simmer for 20 minutes.</p>
            </body></html>
            """
        #expect(Self.texts(html) == ["2 sticks cinnamon", "1 pinch salt", "1 packet custard powder (40 g)", "1 l milk"])
    }

    /// Rows that are cards (a title, a teaser and more) are not lines.
    @Test func repeatedCardsAreNotLines() {
        let tags = ["Quick", "Easy", "Vegan", "Cheap", "Family", "Winter", "Soup", "Side"]
            .map { "<span><i class=\"icon\"></i>\($0)</span>" }.joined()
        let row = "<div class=\"card\"><div>3 ways with leeks</div><div>\(tags)</div></div>"
        let html = "<html><body><div class=\"grid\">" + String(repeating: row, count: 4) + "</div></body></html>"
        #expect(Self.texts(html).isEmpty)
    }

    /// A run of `<p>` lines is a list; it wins over a "You'll need" list that states no
    /// amount at all (the pans), and paragraphs of prose do not hide a list below them.
    @Test func paragraphLinesBeatAListOfPans() {
        let html = """
            <html><body><div class="method"><h3>Method</h3><div>
            <p><span>2 tbsp butter, melted</span></p>
            <p><span>250g plain flour</span></p>
            <p><span>2 tsp baking powder</span></p>
            <p><span>200ml buttermilk</span></p>
            <p><span>Maple syrup, to serve</span></p>
            </div>
            <h3>You'll need</h3><div class="need"><p>Small pot</p><p>Large mixing bowl</p><p>Frying pan</p></div>
            </div></body></html>
            """
        #expect(Self.texts(html) == ["2 tbsp butter, melted", "250g plain flour", "2 tsp baking powder", "200ml buttermilk", "Maple syrup, to serve"])
    }

    @Test func proseParagraphsDoNotHideTheListBelow() {
        let html = """
            <html><body><div class="body">
            <p>What, yet another carrot recipe? I do like carrots: they are cheap and keep well.</p>
            <p>This one tastes a little sweet and a little sour, and it keeps for days in the fridge.</p>
            <p>It goes with rice, noodles or on its own, and children like it more than you would think.</p>
            <h3>Recipe: Orange carrots</h3>
            <ul><li>3 large carrots</li><li>1/4 tsp. salt</li><li>1 Tbs. soy sauce</li><li>Orange juice</li></ul>
            <p>Peel the carrots and cut them into sticks.</p>
            </div></body></html>
            """
        #expect(Self.texts(html) == ["3 large carrots", "1/4 tsp. salt", "1 Tbs. soy sauce", "Orange juice"])
    }

    /// The recipe's summary rows ("10 Prep Time", "6 Servings") are amount-led but are not
    /// ingredients; and a list under an "Ingredients" heading that is a tab button gives way
    /// to the page's checklist of amounts.
    @Test func summaryRowsAndTabHeadingsAreNotTheList() {
        let html = """
            <html><body>
            <button class="tab">Ingredients</button><button class="tab">Method</button>
            <ul><li>Prep time: 60 minutes</li></ul><ul><li>Baking time: 20 minutes</li></ul>
            <div class="facts"><div class="f"><span>10</span> <span>Prep Time</span></div>
            <div class="f"><span>15</span> <span>Cook Time</span></div><div class="f"><span>6</span> <span>Servings</span></div></div>
            <div class="box"><h5>For the sauce</h5><div>
            <div class="r"><input type="checkbox"/><div>1 tbsp</div><div>lard</div></div>
            <div class="r"><input type="checkbox"/><div>1</div><div>onion</div></div>
            <div class="r"><input type="checkbox"/><div>2 tbsp</div><div>tomato paste</div></div>
            </div></div>
            </body></html>
            """
        #expect(Self.texts(html) == ["1 tbsp lard", "1 onion", "2 tbsp tomato paste"])
        #expect(YieldWords.isRecipeFact("10 Prep Time"))
        #expect(YieldWords.isRecipeFact("35 minutes"))
        #expect(!YieldWords.isRecipeFact("2 tbsp tomato paste"))
        #expect(!YieldWords.isRecipeFact("Prep time"))
    }

    /// Of a list shown in US and metric tabs, only the panel marked active is read; with no
    /// panel marked, each is.
    @Test func onlyTheActiveTabPanelIsRead() {
        func page(_ usClass: String, _ metricClass: String) -> String {
            """
            <html><body><div class="tab-content">
            <div class="\(usClass)" role="tabpanel"><p>8.8oz plain flour</p><p>2 tsp baking powder</p><p>6.7 fl oz buttermilk</p></div>
            <div class="\(metricClass)" role="tabpanel"><p>250g plain flour</p><p>2 tsp baking powder</p><p>200ml buttermilk</p></div>
            </div></body></html>
            """
        }
        #expect(Self.texts(page("tab-pane fade", "tab-pane fade show active")) == ["250g plain flour", "2 tsp baking powder", "200ml buttermilk"])
        #expect(Self.texts(page("tab-pane active", "tab-pane")) == ["8.8oz plain flour", "2 tsp baking powder", "6.7 fl oz buttermilk"])
        #expect(Self.texts(page("tab-pane", "tab-pane")).count == 6)
    }
}
