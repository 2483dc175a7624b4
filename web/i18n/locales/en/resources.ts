/** Resource labels live in server/contract/labels (one table the server and the console read); screens add their own here. */
export default {};
