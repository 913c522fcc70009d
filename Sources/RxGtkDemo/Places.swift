/// The paging example's data set: 2,000 made-up place names, the same on every run.
enum Places {
    static let all: [String] = {
        let first = ["North", "South", "East", "West", "Old", "New", "Upper", "Lower", "Green", "Stone"]
        let middle = ["brook", "field", "ford", "haven", "hill", "lake", "marsh", "mill", "stead", "wood"]
        let kinds = [
            "Village", "Harbour", "Crossing", "Springs", "Heights", "Valley", "Bridge", "Meadows", "Park", "Gardens",
            "Point", "Falls", "Ridge", "Landing", "Grove", "Bay", "Junction", "Fields", "Hollow", "Row",
        ]
        return first.flatMap { a in middle.flatMap { b in kinds.map { c in "\(a)\(b) \(c)" } } }
    }()
}
