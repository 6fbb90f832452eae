import Testing
@testable import IngredientImport

/// Every reader on the fixtures of `Corpora/import/`: titles, yields, ingredient lines with
/// their groups, instructions and warnings.
@Suite("Import readers")
struct ImportReaderTests {
    @Test func jsonLDInsideGraphWithSectionsAndPluginGroups() throws {
        let recipes = ImportFixtures.recipes("jsonld-graph.html")
        let r = try #require(recipes.first)
        #expect(recipes.count == 1)
        #expect(r.format == .html)
        #expect(r.source.hasSuffix("jsonld-graph.html#1"))
        #expect(r.title == "Lemon Herb Roast Chicken")
        #expect(r.yield == "4 servings")
        #expect(r.texts.count == 8)
        #expect(r.texts[5] == "½ cup chicken stock") // &frac12; decoded
        // Groups come from the page's plugin markup, matched line by line to the JSON-LD.
        #expect(r.groups.prefix(5).allSatisfy { $0 == "For the chicken" })
        #expect(r.groups.suffix(3).allSatisfy { $0 == "For the gravy" })
        #expect(r.instructions == ["Roast", "Heat the oven to 425°F.", "Rub the chicken with oil and salt; stuff it with the lemon and garlic.",
                                   "Gravy", "Whisk the butter and flour into the pan juices, then add the stock."])
        #expect(r.warnings.isEmpty)
        let stock = try #require(r.ingredients[5].parsed)
        #expect(stock.quantity == 0.5)
        #expect(stock.unit == "cup")
    }

    @Test func microdataOnly() throws {
        let r = try #require(ImportFixtures.recipes("microdata.html").first)
        #expect(r.title == "Weeknight Black Bean Soup")
        #expect(r.yield == "6")
        #expect(r.texts == ["2 cans (15 oz each) black beans, rinsed", "1 medium onion, diced", "3 cups vegetable broth",
                            "1 teaspoon ground cumin", "Juice of 1 lime"])
        #expect(r.instructions.count == 3)
    }

    @Test func brokenJSONLDIsRepairedAndReported() throws {
        let r = try #require(ImportFixtures.recipes("broken-jsonld.html").first)
        #expect(r.title == #"Omas "schneller" Apfelkuchen"#)
        #expect(r.texts == ["250 g Mehl", "125 g Butter, weich", "100 g Zucker", "2 Eier", "1 Pck. Backpulver", "4 Äpfel, in Spalten"])
        #expect(r.instructions.count == 3)
        let warning = try #require(r.warnings.first)
        #expect(warning.contains("JSON-LD block 1 is not valid JSON; repaired"))
        #expect(warning.contains("unescaped quotes"))
        #expect(warning.contains("raw control characters"))
    }

    @Test func pluginMarkupWithoutRecipeData() throws {
        let r = try #require(ImportFixtures.recipes("plugin-markup.html").first)
        #expect(r.title == "Crispy Smashed Potatoes")
        #expect(r.texts == ["1 1/2 lb baby potatoes", "3 tablespoons olive oil", "1 teaspoon flaky salt",
                            "1/2 cup sour cream", "2 tablespoons chopped chives"])
        #expect(r.groups == ["Potatoes", "Potatoes", "Potatoes", "Herb dip", "Herb dip"])
        #expect(r.instructions.count == 2)
        #expect(r.warnings.contains { $0.contains("ingredient list markup") })
    }

    @Test func severalRecipesOnOnePage() {
        let recipes = ImportFixtures.recipes("app-export-two-recipes.html")
        #expect(recipes.map(\.title) == ["Tomato Toast", "Honey Yogurt"])
        #expect(recipes.map(\.texts) == [["2 slices sourdough", "1 ripe tomato, sliced", "Flaky salt"], ["1 cup Greek yogurt", "1 tbsp honey"]])
        #expect(recipes.map(\.instructions.count) == [2, 1])
        #expect(recipes.map { $0.source.split(separator: "#").last } == ["1", "2"])
    }

    @Test func ingredientsHeadingInAnotherLanguage() throws {
        let r = try #require(ImportFixtures.recipes("heading-only.html").first)
        #expect(r.texts == ["1 rote Zwiebel", "120 ml Apfelessig", "1 EL Zucker", "1 TL Salz"])
        #expect(r.warnings.contains { $0.contains("'Ingredients' heading") })
    }

    @Test func mealMasterOneAndTwoColumnsSectionsAndContinuations() throws {
        let recipes = ImportFixtures.recipes("potluck.mmf")
        #expect(recipes.count == 2)
        let frittata = recipes[0]
        #expect(frittata.title == "Garden Vegetable Frittata")
        #expect(frittata.yield == "4 servings")
        #expect(frittata.texts == ["8 lg Eggs", "1/4 c Milk", "1 md Zucchini, thinly sliced and patted dry", "1 sm Red bell pepper; diced",
                                   "1/2 ts Salt", "Black pepper to taste", "1/2 c Shredded cheddar cheese", "2 tb Chopped parsley"])
        #expect(frittata.groups == [nil, nil, nil, nil, nil, nil, "TOPPING", "TOPPING"])
        #expect(frittata.instructions.count == 2)
        let chili = recipes[1]
        // Two columns are read column by column; the right column's continuation joins its line.
        #expect(chili.texts == ["1 lg Onion, chopped", "2 Garlic cloves, minced", "1 tb Chili powder", "1 ts Ground cumin",
                                "2 tb Vegetable oil", "1 cn (15 oz) kidney beans drained", "1 cn (15 oz) black beans",
                                "1 cn (28 oz) crushed tomatoes"])
        #expect(recipes.map(\.source).map { $0.split(separator: "#").last } == ["1", "2"])
    }

    @Test func mealMasterWithFramesAndIndentationStripped() throws {
        let r = try #require(ImportFixtures.recipes("corpus-style.txt").first)
        #expect(r.format == .mealmaster)
        #expect(r.title == "Honey Mustard Dressing")
        #expect(r.yield == "1 cup")
        #expect(r.texts == ["1/4 c Dijon mustard", "1/4 c Honey", "1/2 c Olive oil, or a mild Vegetable oil", "2 tb Cider vinegar",
                            "x Salt and pepper"])
        #expect(r.instructions.count == 1)
    }

    @Test func plainTextWithBOMCRLFSubHeadersAndBullets() throws {
        let r = try #require(ImportFixtures.recipes("peanut-noodles-bom-crlf.txt").first)
        #expect(r.format == .text)
        #expect(r.title == "Midweek Peanut Noodles")
        #expect(r.yield == "2")
        #expect(r.texts.first == "3 tbsp smooth peanut butter")
        #expect(r.texts.count == 7)
        #expect(r.groups.first == "For the sauce")
        #expect(r.groups.last == "For the noodles")
        #expect(r.instructions.first == "Whisk the sauce ingredients with 2 tbsp hot water until smooth.")
        #expect(r.warnings.isEmpty)
    }

    @Test func windows1252WithCROnlyLineEndsAndNoHeadings() throws {
        let r = try #require(ImportFixtures.recipes("creme-brulee-cp1252-cr.txt").first)
        #expect(r.title == "Café Crème Brûlée")
        #expect(r.texts == ["4 egg yolks", "½ cup sugar", "2 cups heavy cream", "1 tsp vanilla extract"])
        #expect(r.instructions.last?.hasSuffix("the cook’s reward.") == true)
        #expect(r.warnings.contains("not UTF-8: decoded as Windows-1252 (Latin-1)"))
    }

    /// "6 servings" on its own line before the ingredients is the yield; the same words on an
    /// ingredient line stay an ingredient.
    @Test func plainTextYieldWrittenNumberFirst() throws {
        let records = PlainTextReader.records("Tomato Soup\n6 servings\n\nIngredients\n1 onion\n4 servings rice\n")
        let r = try #require(records.first)
        #expect(r.yield == "6 servings")
        #expect(r.ingredients.map(\.text) == ["1 onion", "4 servings rice"])
        #expect(PlainTextReader.yieldValue("4-6 portions", numberFirst: true) == "4-6 portions")
        #expect(PlainTextReader.yieldValue("6 servings") == nil) // only before the ingredients
        #expect(PlainTextReader.yieldValue("6 eggs", numberFirst: true) == nil)
    }


    /// A title line with no blank line after it is the title, not also the first ingredient
    /// (or step); a first line led by an amount is the list's first line, and a text with no
    /// title line is titled by its file's name.
    @Test func titleLineIsNotAnIngredientAndAListHasNoTitleLine() throws {
        let titled = try #require(PlainTextReader.records("Monkey Bread\n4 egg yolks\n2 oz sugar\n1 cup milk\n").first)
        #expect(titled.title == "Monkey Bread")
        #expect(titled.ingredients.map(\.text) == ["4 egg yolks", "2 oz sugar", "1 cup milk"])
        let prose = try #require(PlainTextReader.records("Toast\nToast the bread. Butter it while it is hot, then serve at once with jam.\n\n2 slices bread\n1 tbsp butter\n").first)
        #expect(prose.title == "Toast")
        #expect(prose.ingredients.map(\.text) == ["2 slices bread", "1 tbsp butter"])

        let list = "2 tbsp vegetable oil\n1 head broccoli, cut into florets\nsalt to taste\n"
        let untitled = try #require(PlainTextReader.records(list).first)
        #expect(untitled.title == nil)
        #expect(untitled.ingredients.map(\.text) == ["2 tbsp vegetable oil", "1 head broccoli, cut into florets", "salt to taste"])
        let file = DocumentReader.read(Array(list.utf8), name: "week/vegetable stir-fry.txt", kind: .recipe(.text), forced: nil, depth: 0)
        guard case let .success(record)? = file.first?.result else { Issue.record("no record"); return }
        #expect(record.title == "vegetable stir-fry")
        #expect(record.ingredients.count == 3)
        #expect(PlainTextReader.title(fromFileName: "-") == nil)
        #expect(PlainTextReader.title(fromFileName: "a/b/.txt") == ".txt")
        #expect(PlainTextReader.title(fromFileName: "notes") == "notes")
    }

    /// A credit line among the ingredients ("Recipe courtesy …", "Source: …") is kept in the
    /// warnings, not read as an ingredient; a line that only starts like one stays.
    @Test func creditLinesAreNoIngredients() throws {
        let text = "Monkey Bread\nRecipe courtesy Ann Example, 2006\n4 egg yolks\n2 oz sugar\nSource: Our Kitchen\n1 cup milk\n"
        let r = try #require(PlainTextReader.records(text).first)
        #expect(r.ingredients.map(\.text) == ["4 egg yolks", "2 oz sugar", "1 cup milk"])
        #expect(r.warnings.contains("a credit line, not an ingredient: Recipe courtesy Ann Example, 2006"))
        #expect(r.warnings.contains("a credit line, not an ingredient: Source: Our Kitchen"))
        let headed = try #require(PlainTextReader.records("Soup\n\nIngredients\nPosted by Ann\n1 onion\nsource of heat\n").first)
        #expect(headed.ingredients.map(\.text) == ["1 onion", "source of heat"])
        #expect(!CreditLines.isCredit("from 2 lemons, the zest"))
        #expect(CreditLines.isCredit("From: Gaye"))
    }

    /// A MealMaster recipe's credit line without an amount ("Posted by …") is a warning too;
    /// an ingredient that starts like one, with its amount, stays.
    @Test func mealMasterCreditLinesAreNoIngredients() throws {
        let text = """
            MMMMM----- Recipe via Meal-Master (tm) v8.05

                  Title: Apple Crisp
                  Yield: 6 servings

                  4 c  Apples, sliced
                  1 c  Sugar
                       Posted by Ann Example
                  1 ts From the spice jar: cinnamon
                       Formatted by: Bob Example

              Bake until golden.

            MMMMM

            """
        let r = try #require(MealMasterReader.records(text).first)
        #expect(r.ingredients.map(\.text) == ["4 c Apples, sliced", "1 c Sugar", "1 ts From the spice jar: cinnamon"])
        #expect(r.warnings.contains("a credit line, not an ingredient: Posted by Ann Example"))
        #expect(r.warnings.contains("a credit line, not an ingredient: Formatted by: Bob Example"))
    }
    @Test func cooklang() throws {
        let r = try #require(ImportFixtures.recipes("pancakes.cook").first)
        #expect(r.title == "Sunday Pancakes")
        #expect(r.yield == "4")
        #expect(r.texts == ["200 g plain flour", "2 tsp baking powder", "salt", "2 eggs", "300 ml milk", "butter", "3 tbsp maple syrup, warmed"])
        #expect(r.groups.suffix(2) == ["Cooking", "Cooking"])
        #expect(r.instructions.first == "Whisk plain flour, baking powder and a pinch of salt in a large bowl.")
    }

    @Test func csvWithJSONArrayCells() throws {
        let records = ImportFixtures.run([ImportFixtures.path("nlg-style.csv")]).records
        #expect(records.count == 3)
        guard case let .recipe(fudge) = records[0], case let .recipe(tuna) = records[1] else {
            Issue.record("expected two recipes first")
            return
        }
        #expect(fudge.title == "Five Minute Fudge")
        #expect(fudge.texts == ["2 c. sugar", "1/2 c. cocoa", "1/2 c. milk, warmed", "1 stick butter"])
        #expect(fudge.instructions.count == 2)
        #expect(tuna.title == "Tuna Salad, Quick")
        #expect(tuna.texts.count == 3)
        // The empty row is a recipe found that could not be read: an error record, not silence.
        guard case let .failure(source, _) = records[2] else {
            Issue.record("the empty row should give an error record")
            return
        }
        #expect(source.hasSuffix("nlg-style.csv#3"))
    }

    @Test func csvWithLineCellsAndHeadingLines() throws {
        let r = try #require(ImportFixtures.recipes("box-export.csv").first)
        #expect(r.title == "Garlic Bread")
        #expect(r.yield == "4")
        #expect(r.texts == ["1 baguette", "4 tbsp butter, soft", "2 cloves garlic, grated"])
        #expect(r.groups == [nil, "Butter", "Butter"])
    }

    @Test func masterCookText() throws {
        let recipes = ImportFixtures.recipes("lemonade.mxp")
        #expect(recipes.count == 2)
        #expect(recipes[0].title == "Fresh Mint Lemonade")
        #expect(recipes[0].yield == "6")
        #expect(recipes[0].texts == ["1 cup sugar", "1 cup water", "6 lemons, juiced", "1/2 cup fresh mint leaves, lightly crushed", "4 cups cold water"])
        #expect(recipes[1].title == "Iced Tea")
        #expect(recipes[1].texts == ["4 black tea bags", "4 cups boiling water"])
    }

    @Test func paprikaExportIsAZipOfGzipJSON() throws {
        let recipes = ImportFixtures.recipes("export.paprikarecipes")
        #expect(recipes.map(\.title) == ["Garlic Butter Green Beans", "Banana Smoothie"])
        #expect(recipes.allSatisfy { $0.format == .paprika })
        #expect(recipes[0].texts == ["1 lb green beans, trimmed", "2 tbsp butter", "3 cloves garlic, minced", "Salt"])
        #expect(recipes[0].source.hasSuffix("export.paprikarecipes/Garlic Butter Green Beans.paprikarecipe#1"))
    }

    @Test func mealieAndTandoorExports() throws {
        let mealie = try #require(ImportFixtures.recipes("mealie-export.json").first)
        #expect(mealie.format == .mealie)
        #expect(mealie.texts == ["2 tbsp white miso", "1 tbsp mirin", "2 salmon fillets (150 g each)"])
        #expect(mealie.groups == ["Glaze", "Glaze", "Fish"])
        let tandoor = try #require(ImportFixtures.recipes("tandoor-recipe.json").first)
        #expect(tandoor.format == .tandoor)
        #expect(tandoor.yield == "4 portions")
        #expect(tandoor.texts == ["2 tbsp olive oil", "3 clove garlic, sliced", "800 g crushed tomatoes", "salt, to taste"])
        #expect(tandoor.warnings.contains { $0.contains("rebuilt from Tandoor") })
        // Tandoor's fields are authoritative: "no amount" stays no amount.
        let garlic = try #require(tandoor.ingredients[1].parsed), salt = try #require(tandoor.ingredients[3].parsed)
        #expect(garlic.quantity == 3 && garlic.unit == "clove" && garlic.name == "garlic")
        #expect(salt.quantity == nil && salt.unit == nil && salt.name == "salt")
    }

    @Test func mealieParsedFieldsAreAuthoritative() throws {
        let r = try #require(ImportFixtures.recipes("mealie-parsed.json").first)
        #expect(r.texts == ["1 1/2 cups flour", "a pinch of salt", "2 eggs", "Two 400 g tins chopped tomatoes", "butter for the pan"])
        let fields = r.ingredients.map { line in [line.parsed?.quantity.map { "\($0)" }, line.parsed?.unit, line.parsed?.name] }
        #expect(fields[0] == ["1.5", "cup", "all-purpose flour"]) // the food's name, not the text's "flour"
        #expect(fields[1] == [nil, "pinch", "salt"])                // a zero quantity states none
        #expect(fields[2] == ["2.0", nil, "eggs"])
        // The food holds the whole line and states no amount: none of the parser's amounts stands in.
        #expect(fields[3] == [nil, nil, "Two 400 g tins chopped tomatoes"])
        #expect(r.ingredients[3].parsed?.alternates == [])
        #expect(r.ingredients[4].stated == nil)                    // amounts switched off: the parser reads the note
        #expect(r.ingredients[4].parsed?.name == "butter")
    }

    @Test func jsonLinesOfDifferentShapes() throws {
        let records = ImportFixtures.run([ImportFixtures.path("recipes.jsonl")]).records
        #expect(records.count == 4)
        guard case let .recipe(oats) = records[0], case let .recipe(toast) = records[1], case let .recipe(broken) = records[2],
              case .failure = records[3] else {
            Issue.record("expected three recipes and an error record")
            return
        }
        #expect(oats.texts == ["1/2 cup rolled oats", "1/2 cup milk", "1 tbsp chia seeds"])
        #expect(toast.texts == ["2 slices bread", "1 tbsp butter", "1 tsp cinnamon sugar"])
        #expect(broken.warnings.contains { $0.contains("truncated") })
        #expect(broken.warnings.contains("no ingredient lines"))
    }
}
