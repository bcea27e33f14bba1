"""A data de criação de um livro XLSX (`docProps/core.xml`), trocada depois de escrito.

O rustpy-xlsxwriter grava nela a hora da gravação e não deixa informá-la; com SOURCE_DATE_EPOCH,
o mesmo documento tem de dar os mesmos bytes (`cotas apurar`: o "Gerado em" dado). O livro é um
zip: só a entrada `docProps/core.xml` é regravada; as outras, copiadas como estão, sem
descomprimir (a planilha de um milhão de linhas tem centenas de MB). O `zipfile` da biblioteca
padrão não copia uma entrada sem descomprimi-la e comprimi-la de novo.
"""

from __future__ import annotations

import re
import struct
import zlib
from datetime import UTC, datetime

# As datas de `docProps/core.xml`.
_CARIMBOS = re.compile(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(</dcterms:)")


def data_no_livro(conteudo: bytes, quando: datetime) -> bytes:
    """O livro com `quando` como data de criação e de modificação (`docProps/core.xml`), no
    lugar da hora em que o escritor o gravou: com SOURCE_DATE_EPOCH, os mesmos bytes (o
    rustpy-xlsxwriter não deixa informá-la). As outras entradas do zip são copiadas como estão,
    sem descomprimir (a planilha de um milhão de linhas tem centenas de MB). Um zip que não tem
    a forma esperada (zip64, sem a entrada) volta como veio."""
    fim = conteudo.rfind(b"PK\x05\x06")
    if fim < 0 or len(conteudo) - fim < 22:
        return conteudo
    total, tamanho_cd, inicio_cd = struct.unpack_from("<HII", conteudo, fim + 10)
    if total == 0xFFFF or inicio_cd == 0xFFFFFFFF or inicio_cd + tamanho_cd > fim:
        return conteudo
    entradas: list[tuple[int, bytes, bytes]] = []  # (deslocamento local, nome, registro do CD)
    i = inicio_cd
    for _ in range(total):
        if conteudo[i : i + 4] != b"PK\x01\x02":
            return conteudo
        n_nome, n_extra, n_comentario = struct.unpack_from("<HHH", conteudo, i + 28)
        (local,) = struct.unpack_from("<I", conteudo, i + 42)
        tamanho = 46 + n_nome + n_extra + n_comentario
        entradas.append((local, conteudo[i + 46 : i + 46 + n_nome], conteudo[i : i + tamanho]))
        i += tamanho
    entradas.sort(key=lambda e: e[0])
    if b"docProps/core.xml" not in {nome for _, nome, _ in entradas}:
        return conteudo
    carimbo = quando.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    corpo: list[bytes] = []
    diretorio: list[bytes] = []
    posicao = 0
    for k, (local, nome, registro) in enumerate(entradas):
        if nome == b"docProps/core.xml":
            trecho, registro = _core_com_a_data(conteudo, local, nome, registro, carimbo)
        else:
            fim_da_entrada = entradas[k + 1][0] if k + 1 < len(entradas) else inicio_cd
            trecho = conteudo[local:fim_da_entrada]
        # (Cada entrada onde ela fica agora: a de `core.xml` pode ter mudado de tamanho.)
        diretorio.append(registro[:42] + struct.pack("<I", posicao) + registro[46:])
        corpo.append(trecho)
        posicao += len(trecho)
    cd = b"".join(diretorio)
    eocd = bytearray(conteudo[fim : fim + 22])
    struct.pack_into("<II", eocd, 12, len(cd), posicao)
    return b"".join(corpo) + cd + bytes(eocd) + conteudo[fim + 22 :]


def _core_com_a_data(
    conteudo: bytes, local: int, nome: bytes, registro: bytes, carimbo: bytes
) -> tuple[bytes, bytes]:
    """A entrada `docProps/core.xml` com as datas trocadas por `carimbo`: o cabeçalho local e os
    dados, e o registro dela no diretório central (o deslocamento, quem chama o acerta)."""
    n_nome, n_extra = struct.unpack_from("<HH", conteudo, local + 26)
    (metodo,) = struct.unpack_from("<H", registro, 10)
    (tamanho_comprimido,) = struct.unpack_from("<I", registro, 20)
    inicio = local + 30 + n_nome + n_extra
    dados = conteudo[inicio : inicio + tamanho_comprimido]
    xml = zlib.decompress(dados, -15) if metodo == 8 else dados
    xml = _CARIMBOS.sub(rb"\g<1>" + carimbo + rb"\g<2>", xml)
    if metodo == 8:
        compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
        dados = compressor.compress(xml) + compressor.flush()
    else:
        dados = xml
    crc = zlib.crc32(xml)
    cabecalho = bytearray(conteudo[local : local + 30])
    (bandeiras,) = struct.unpack_from("<H", cabecalho, 6)
    struct.pack_into("<H", cabecalho, 6, bandeiras & ~0x8)  # (sem descritor depois dos dados)
    struct.pack_into("<III", cabecalho, 14, crc, len(dados), len(xml))
    struct.pack_into("<HH", cabecalho, 26, len(nome), 0)
    novo = bytearray(registro)
    struct.pack_into("<H", novo, 8, bandeiras & ~0x8)
    struct.pack_into("<III", novo, 16, crc, len(dados), len(xml))
    return bytes(cabecalho) + nome + dados, bytes(novo)
