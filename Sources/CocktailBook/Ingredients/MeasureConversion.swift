import CocktailsAPI
import Foundation

/// Shows a recipe line in other units and for more drinks, the way bartenders write recipes:
/// 1 oz = 30 ml = 3 cl; millilitres to the nearest 5 (2.5 under 20 ml, and a value exactly
/// between two fives, such as ¾ oz = 22.5 ml, stays as it is), centilitres to the half (2 cl for ¾ oz),
/// ounces to quarters. A line already in the asked unit is only multiplied. Dashes, barspoons, leaves, pieces and the like keep their
/// unit and are only multiplied; a top-up stays a top-up.
public enum MeasureConversion {
    /// The bartender's millilitres in one unit of the three convertible ones.
    static func millilitres(per unit: MeasureUnit) -> Double? {
        switch unit {
        case .oz: 30
        case .ml: 1
        case .cl: 10
        default: nil
        }
    }

    /// `line` scaled for `servings` drinks and shown in `units`.
    public static func convert(_ line: RecipeLine, to units: Settings.Units, servings: Int) -> RecipeLine {
        guard let amount = line.amount, line.unit != .top else { return line }
        var converted = line
        let factor = Double(servings)
        guard let unit = line.unit, let perUnit = millilitres(per: unit) ?? cupOfIce(line, unit, units) else {
            converted.amount = RecipeLine.Amount(amount.value * factor, upTo: amount.upperValue.map { $0 * factor })
            return converted
        }
        let target = MeasureUnit(rawValue: units.rawValue) ?? .oz
        guard target != unit else {
            converted.amount = RecipeLine.Amount(amount.value * factor, upTo: amount.upperValue.map { $0 * factor })
            return converted
        }
        let rounding = { (value: Double) in round(value * perUnit * factor, to: target) }
        converted.amount = RecipeLine.Amount(rounding(amount.value), upTo: amount.upperValue.map(rounding))
        converted.unit = target
        return converted
    }

    /// A cup of ice reads as millilitres in a metric recipe (¾ cup crushed ice is 180 ml); in
    /// ounces it stays a cup, as American recipes write it, and a cup of fruit stays a cup.
    static func cupOfIce(_ line: RecipeLine, _ unit: MeasureUnit, _ units: Settings.Units) -> Double? {
        guard unit == .cup, units != .oz,
            line.ingredient?.lowercased().split(separator: " ").contains("ice") == true
        else { return nil }
        return 240
    }

    /// `millilitres` in `unit`, rounded as recipes write that unit.
    static func round(_ millilitres: Double, to unit: MeasureUnit) -> Double {
        switch unit {
        case .ml:
            let quarter = (millilitres / 2.5).rounded() * 2.5
            if millilitres < 20
                || (quarter / 2.5).truncatingRemainder(dividingBy: 2) != 0 && abs(quarter - millilitres) < 0.01
            {
                return max(2.5, quarter)
            }
            return max(5, (millilitres / 5).rounded() * 5)
        case .cl:
            // Bartenders write centilitres in halves (a quarter only under 1 cl): ¾ oz is 2 cl,
            // never 2.25; a tie goes to the even half, as IBA writes ¾ oz of lime as 2 cl.
            let centilitres = millilitres / 10
            if centilitres < 1 { return max(0.25, (centilitres * 4).rounded() / 4) }
            return (centilitres * 2).rounded(.toNearestOrEven) / 2
        default:
            return max(0.25, (millilitres / 30 * 4).rounded() / 4)
        }
    }

    /// The liquid volume of `servings` drinks of `lines` in `units` (top-ups, solids and other
    /// units left out), rounded like an amount; `nil` when nothing is measured in oz, ml or cl.
    public static func totalVolume(of lines: [RecipeLine], in units: Settings.Units, servings: Int = 1) -> Double? {
        var total = 0.0
        var counted = false
        for line in lines {
            guard let amount = line.amount, let unit = line.unit, let perUnit = millilitres(per: unit) else { continue }
            total += amount.typical * perUnit
            counted = true
        }
        guard counted else { return nil }
        return round(total * Double(servings), to: MeasureUnit(rawValue: units.rawValue) ?? .oz)
    }
}
