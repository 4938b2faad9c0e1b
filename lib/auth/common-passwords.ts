/**
 * Passwords of 12 characters or more found at the top of public breach corpora (RockYou, the
 * "10 million passwords" list, French leaks), plus trivial patterns. Shorter ones are refused by
 * the length rule already. Compared case-insensitively.
 */
const LIST = `
123456789012 1234567890123 12345678901234 123456789123 1234567891011 123456789000 123456789abc
1234567890qwerty 123456789qwerty qwertyuiopasdfghjkl qwertyuiop123 qwertyuiopasdf qwertyuiop1234
1q2w3e4r5t6y 1q2w3e4r5t6y7u 1q2w3e4r5t6y7u8i 1qaz2wsx3edc 1qaz2wsx3edc4rfv zaq12wsxcde3 zaq1zaq1zaq1
azertyuiopqsdf azertyuiop123 azertyuiop1234 azertyuiopqsdfghjklm azerty123456 azerty1234567
password1234 password12345 password123456 passwordpassword password1234567 passw0rd1234
mypassword123 mypassword1234 thisismypassword iloveyou1234 iloveyouforever iloveyou123456
motdepasse123 motdepasse1234 monmotdepasse monmotdepasse1 motdepassemotdepasse jetaime123456
jetaimejetaime soleil123456 bonjour123456 doudou123456 chouchou123456 marseille13013 allezlom1899
administrator admin1234567 administrateur admin123456789 adminadminadmin rootroot1234
welcome12345 welcome123456 letmein12345 letmein123456 changeme1234 changeme12345 trustno1trustno1
football1234 baseball1234 basketball12 basketball123 superman1234 batman123456 starwars1234
princess1234 sunshine1234 whatever1234 abcdefghijkl abcdefghijklm abcdefg123456 abc123abc123
qwerty123456 qwerty1234567 qwertyqwerty asdfghjkl123 asdfasdfasdf zxcvbnm12345 zxcvbnmasdfghjkl
111111111111 000000000000 123123123123 121212121212 123321123321 987654321098 147258369147
a1b2c3d4e5f6 aaaaaaaaaaaa azerty123azerty motdepasse2024 motdepasse2025 motdepasse2026
password2024 password2025 password2026 bienvenue123 bienvenue1234 bienvenue2026 statistique1
statistiques statistiques1 statistiques123 institutstat sahelia12345 inssahelia123
correcthorsebatterystaple elephant1234 samsung12345 iphone123456 computer1234 internet1234
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  // One repeated character, or a run of consecutive digits/letters ("123456789012", "abcdefghijkl").
  if (/^(.)\1+$/.test(lower)) return true;
  let ascending = true;
  for (let i = 1; i < lower.length && ascending; i++) {
    const step = (lower.charCodeAt(i) - lower.charCodeAt(i - 1) + 10) % 10;
    ascending = lower.charCodeAt(i) - lower.charCodeAt(i - 1) === 1 || (/\d/.test(lower[i]!) && step === 1);
  }
  return ascending;
}
