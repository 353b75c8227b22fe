import Testing

/// The recorder puts each command's new output under it and keeps what is around.
@Suite struct ExampleRecorderTests {
  @Test func eachOutputGoesUnderItsCommandAndACutBlockKeepsItsLength() {
    let text = """
      Before.

      ```console
      $ liquidus goal
      Daily goal: 2,000 mL

      $ liquidus summary --format csv
      header
      old row
      ...
      ```

      After.
      """
    let recorded = ExampleRecorder.replacingOutputs(
      of: text, with: [["Daily goal: 2,500 mL"], ["header", "new row", "second row"]])
    #expect(
      recorded == """
        Before.

        ```console
        $ liquidus goal
        Daily goal: 2,500 mL

        $ liquidus summary --format csv
        header
        new row
        ...
        ```

        After.
        """)
  }
}
