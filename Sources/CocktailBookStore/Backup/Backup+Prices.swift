import CocktailBook
import Foundation

extension Backup {
    /// Menu settings a restore must refuse: what the API refuses (a price out of bounds, a pour
    /// cost out of bounds, a display or menu order that is not one, a currency Foundation does
    /// not know).
    func checkPrices() throws {
        for list in lists ?? [] {
            let name = "the list \"\(list.name.prefix(40))\""
            if let display = list.menuPrices, MenuPrices.Display(rawValue: display) == nil {
                throw StoreError.invalidBackup("\(name) shows prices as \"\(display.prefix(20))\"")
            }
            if let order = list.menuOrder, MenuOrder(rawValue: order) == nil {
                throw StoreError.invalidBackup("\(name) orders its menu as \"\(order.prefix(20))\"")
            }
            do {
                _ = try ListRules.menuPrices(MenuPrices(pourCostPercent: list.pourCostPercent))
                for entry in list.entries { _ = try ListRules.price(entry.priceMinor) }
            } catch {
                throw StoreError.invalidBackup(
                    "\(name) is refused (\((error as? LocalizedError)?.errorDescription ?? "\(error)"))")
            }
        }
        if let currency {
            do {
                _ = try BookCurrency.code(currency)
            } catch {
                throw StoreError.invalidBackup((error as? LocalizedError)?.errorDescription ?? "\(error)")
            }
        }
    }
}
