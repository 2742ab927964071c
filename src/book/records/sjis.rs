//! The Shift-JIS that KIF files are written in (unless they are UTF-8): only the characters
//! KIF moves, headers and results use.

/// The Shift-JIS codes of the characters KIF moves, headers and results use (KIF files are
/// Shift-JIS unless they are UTF-8); others decode as U+FFFD.
pub(super) const SJIS: [(u16, char); 81] = [
    (0x8140, '\u{3000}'),
    (0x8146, '：'),
    (0x824f, '０'),
    (0x8250, '１'),
    (0x8251, '２'),
    (0x8252, '３'),
    (0x8253, '４'),
    (0x8254, '５'),
    (0x8255, '６'),
    (0x8256, '７'),
    (0x8257, '８'),
    (0x8258, '９'),
    (0x82af, 'け'),
    (0x82b6, 'じ'),
    (0x82bf, 'ち'),
    (0x82c5, 'で'),
    (0x82c6, 'と'),
    (0x82c9, 'に'),
    (0x82cc, 'の'),
    (0x82dc, 'ま'),
    (0x82dd, 'み'),
    (0x82e6, 'よ'),
    (0x82e8, 'り'),
    (0x82ea, 'れ'),
    (0x88c7, '杏'),
    (0x88ea, '一'),
    (0x89a4, '王'),
    (0x89ba, '下'),
    (0x89bb, '化'),
    (0x8a70, '角'),
    (0x8a84, '割'),
    (0x8afb, '棋'),
    (0x8b6c, '詰'),
    (0x8bca, '玉'),
    (0x8be0, '金'),
    (0x8be2, '銀'),
    (0x8be3, '九'),
    (0x8c5c, '圭'),
    (0x8c6a, '桂'),
    (0x8cbe, '言'),
    (0x8cdc, '五'),
    (0x8ce3, '後'),
    (0x8d81, '香'),
    (0x8e4f, '三'),
    (0x8e6c, '四'),
    (0x8e9d, '持'),
    (0x8eb5, '七'),
    (0x8ee8, '手'),
    (0x8f9f, '勝'),
    (0x8fab, '将'),
    (0x8fe3, '上'),
    (0x90ac, '成'),
    (0x90b6, '生'),
    (0x90d8, '切'),
    (0x90e6, '先'),
    (0x90e7, '千'),
    (0x90e9, '宣'),
    (0x9153, '全'),
    (0x91a5, '則'),
    (0x91c5, '打'),
    (0x9266, '断'),
    (0x9286, '中'),
    (0x938a, '投'),
    (0x93af, '同'),
    (0x93f1, '二'),
    (0x93fa, '日'),
    (0x93fc, '入'),
    (0x946e, '馬'),
    (0x94aa, '八'),
    (0x94bd, '反'),
    (0x94f2, '飛'),
    (0x9573, '不'),
    (0x9589, '負'),
    (0x9595, '封'),
    (0x95bd, '平'),
    (0x95cf, '変'),
    (0x95e0, '歩'),
    (0x97b3, '竜'),
    (0x97b4, '龍'),
    (0x97b9, '了'),
    (0x985a, '六'),
];

fn sjis_char(code: u16) -> char {
    SJIS.binary_search_by_key(&code, |&(c, _)| c).map_or('\u{fffd}', |i| SJIS[i].1)
}

/// UTF-8 if the bytes are UTF-8, else the Shift-JIS subset above.
pub fn decode_japanese(data: &[u8]) -> String {
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    if let Ok(s) = std::str::from_utf8(data) {
        return s.to_owned();
    }
    let mut out = String::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        if b < 0x80 {
            out.push(char::from(b));
            i += 1;
        } else if (0x81..=0x9f).contains(&b) || (0xe0..=0xfc).contains(&b) {
            let code = u16::from(b) << 8 | u16::from(*data.get(i + 1).unwrap_or(&0));
            out.push(sjis_char(code));
            i += 2;
        } else {
            out.push('\u{fffd}');
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sjis_table_is_sorted() {
        assert!(SJIS.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
