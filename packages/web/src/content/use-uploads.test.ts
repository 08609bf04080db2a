import { MAX_FILE_BYTES } from "@portal/core/contracts/content";
import { describe, expect, it } from "vitest";
import { declaredType, refusal } from "./use-uploads";

describe("what the browser declares and refuses before asking the API", () => {
  it("takes the browser's type when it is allowed, else the extension's", () => {
    expect(declaredType({ name: "logo.png", type: "image/png" })).toBe("image/png");
    // Some systems give a .docx no type at all.
    expect(declaredType({ name: "Brief.DOCX", type: "" })).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(declaredType({ name: "notes.txt", type: "application/octet-stream" })).toBe(
      "text/plain",
    );
    expect(declaredType({ name: "setup.exe", type: "application/x-msdownload" })).toBeUndefined();
  });

  it("refuses a type not on the list, a file over 25 MB and an empty one", () => {
    expect(refusal({ name: "setup.exe", type: "application/x-msdownload", size: 10 })).toMatch(
      /cannot be uploaded/,
    );
    expect(refusal({ name: "big.zip", type: "application/zip", size: MAX_FILE_BYTES + 1 })).toBe(
      "A file may be at most 25 MB",
    );
    expect(refusal({ name: "empty.txt", type: "text/plain", size: 0 })).toBe("The file is empty");
    expect(
      refusal({ name: "photo.jpg", type: "image/jpeg", size: MAX_FILE_BYTES }),
    ).toBeUndefined();
  });
});
