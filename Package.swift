// swift-tools-version: 6.0
// bible-course: an offline, speech-driven Bible course daemon. See README.md and DESIGN.md.
import PackageDescription

let package = Package(
    name: "bible-course",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bible-course", targets: ["bible-course"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .target(
            name: "Scripture",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "Course",
            dependencies: ["Scripture", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "bible-course",
            dependencies: [
                "Scripture",
                "Course",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ScriptureTests",
            dependencies: ["Scripture"]
        ),
        .testTarget(
            name: "CourseTests",
            dependencies: ["Course", "Scripture"]
        ),
    ]
)
