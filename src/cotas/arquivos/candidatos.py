"""Leitura da lista de candidatos (CSV, XLSX ou ODS) em objetos `Candidato`.

Uma linha por inscrição e cargo. O cabeçalho nomeia as colunas (sem distinguir
maiúsculas, acentos ou espaços nas pontas); as linhas contam a partir de 1 no
arquivo, com o cabeçalho na linha 1, e `Candidato.linha` guarda essa linha.

Todos os problemas são juntados e entregues de uma vez em `ErrosDeEntrada`;
colunas desconhecidas viram avisos. Nada é corrigido em silêncio: a nota é lida
como `Decimal` exato (vírgula ou ponto decimal), nunca como float.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import cast

from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada, motivo_do_sistema
from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao, Situacao

__all__ = [
    "COLUNAS_CONHECIDAS",
    "COLUNAS_OBRIGATORIAS",
    "EXTENSOES_PLANILHA",
    "EXTENSOES_TEXTO",
    "LeituraCandidatos",
    "ler_candidatos",
    "normalizar_nome",
]

COLUNAS_OBRIGATORIAS: tuple[str, ...] = ("inscricao", "nome", "cargo", "nota")

EXTENSOES_PLANILHA = frozenset({".xlsx", ".xlsm", ".xls", ".ods"})
EXTENSOES_TEXTO = frozenset({".csv", ".txt"})


@dataclass(frozen=True)
class LeituraCandidatos:
    """Resultado de uma leitura sem erros: os candidatos e os avisos.

    De um CSV grande, `candidatos` é uma `TabelaCandidatos` (em colunas, cada `Candidato` criado
    quando pedido); leia-a como sequência.
    """

    candidatos: Sequence[Candidato]
    avisos: list[ErroEntrada]


class _ValorInvalido(Exception):
    """Valor de célula que não pode ser lido; a mensagem vai para o usuário."""


# ---------------------------------------------------------------- normalização


def normalizar_nome(texto: str) -> str:
    """`" Cor/Raça "` → `"cor_raca"`: minúsculas, sem acentos, `_` no lugar de separadores."""
    sem_acento = unicodedata.normalize("NFKD", texto.strip().lstrip("\ufeff"))
    ascii_ = "".join(c for c in sem_acento if not unicodedata.combining(c)).lower()
    return re.sub(r"[\s\-/]+", "_", ascii_).strip("_")


def _mostrar(valor: object) -> str:
    """O valor como o usuário o escreveu, para as mensagens."""
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))
    return str(valor)


def _texto(valor: object) -> str:
    if type(valor) is str:
        return valor.strip()
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))  # planilha: 1001 vira 1001.0
    if isinstance(valor, datetime):
        return valor.date().isoformat()
    return str(valor).strip()


# ---------------------------------------------------------------- conversores
# Cada conversor recebe o valor bruto da célula (texto no CSV; texto, número,
# data ou booleano numa planilha) e devolve o valor lido ou levanta _ValorInvalido.


def _texto_obrigatorio(valor: object) -> str:
    texto = _texto(valor)
    if not texto:
        raise _ValorInvalido("valor vazio; a coluna é obrigatória")
    return texto


_RE_NUMERO = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")


def _decimal(valor: object) -> Decimal:
    if type(valor) is str:
        texto = valor.strip()
        if _RE_NUMERO.fullmatch(texto):
            return Decimal(texto.replace(",", "."))
        if not texto:
            raise _ValorInvalido("valor vazio; informe um número")
        raise _ValorInvalido(f'valor "{texto}" não é um número')
    if isinstance(valor, bool):
        raise _ValorInvalido(f'valor "{valor}" não é um número')
    if isinstance(valor, int):
        return Decimal(valor)
    if isinstance(valor, float):
        # A planilha guarda um double; repr() dá o menor texto que o reproduz
        # (7.3, não 7.29999...), que é o que o usuário digitou.
        try:
            numero = Decimal(repr(valor))
        except InvalidOperation:
            numero = Decimal("NaN")
        if numero.is_finite():
            return numero
    raise _ValorInvalido(f'valor "{_mostrar(valor)}" não é um número')


def _decimal_opcional(valor: object) -> Decimal | None:
    if valor == "" or valor is None:
        return None
    return _decimal(valor)


def _conversor_vocabulario(
    tipo: Callable[[str], object], aceitos: Sequence[str], descricao: str
) -> Callable[[object], object]:
    """Conversor para um vocabulário fechado; vazio → None."""
    tabela: dict[str, object] = {}
    for aceito in aceitos:
        tabela[aceito] = tipo(aceito)
    lista = ", ".join(aceitos[:-1]) + " ou " + aceitos[-1] if len(aceitos) > 1 else aceitos[0]

    def converter(valor: object) -> object:
        if type(valor) is str:
            lido = tabela.get(valor)  # caminho rápido: já na forma canônica
            if lido is not None:
                return lido
            texto = valor.strip()
            if not texto:
                return None
            lido = tabela.get(normalizar_nome(texto))
            if lido is not None:
                tabela[valor] = lido  # memoriza a grafia: a próxima linha vai pelo caminho rápido
                return lido
        elif valor is None:
            return None
        raise _ValorInvalido(f'valor "{_mostrar(valor)}" não é {descricao} (use {lista})')

    return converter


_cor_raca = _conversor_vocabulario(
    CorRaca, [c.value for c in CorRaca], "uma cor ou raça do quesito do IBGE"
)
_heteroidentificacao = _conversor_vocabulario(
    Heteroidentificacao,
    [h.value for h in Heteroidentificacao],
    "um resultado da comissão de heteroidentificação",
)
_situacao_ou_vazio = _conversor_vocabulario(
    Situacao, [s.value for s in Situacao], "uma situação válida"
)
_opcao_lista = _conversor_vocabulario(str, ["negros", "pcd"], "uma lista de reserva")


def _situacao(valor: object) -> object:
    lido = _situacao_ou_vazio(valor)
    return Situacao.APROVADO if lido is None else lido


_SIM_NAO: dict[str, bool] = {"sim": True, "s": True, "nao": False, "n": False}


def _sim_nao(valor: object) -> bool:
    """`sim`/`não` (também `s`/`n`); vazio é "não" (não optou)."""
    if type(valor) is str:
        lido = _SIM_NAO.get(valor)
        if lido is not None:
            return lido
        texto = valor.strip()
        if not texto:
            return False
        lido = _SIM_NAO.get(normalizar_nome(texto))
        if lido is not None:
            _SIM_NAO[valor] = lido  # memoriza a grafia ("Não", "SIM"...)
            return lido
    elif isinstance(valor, bool):
        return valor
    elif valor is None:
        return False
    raise _ValorInvalido(f'valor "{_mostrar(valor)}" não é sim nem não')


_RE_DATA_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_RE_DATA_BR = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")


def _data(valor: object) -> date | None:
    if isinstance(valor, datetime):
        return valor.date()
    if isinstance(valor, date):
        return valor
    if type(valor) is str:
        texto = valor.strip()
        if not texto:
            return None
        if m := _RE_DATA_ISO.fullmatch(texto):
            ano, mes, dia = int(m[1]), int(m[2]), int(m[3])
        elif m := _RE_DATA_BR.fullmatch(texto):
            dia, mes, ano = int(m[1]), int(m[2]), int(m[3])
        else:
            raise _ValorInvalido(f'valor "{texto}" não é uma data (use AAAA-MM-DD ou DD/MM/AAAA)')
        try:
            return date(ano, mes, dia)
        except ValueError:
            raise _ValorInvalido(f'a data "{texto}" não existe') from None
    raise _ValorInvalido(f'valor "{_mostrar(valor)}" não é uma data (use AAAA-MM-DD ou DD/MM/AAAA)')


def _cpf(valor: object) -> str | None:
    texto = _texto(valor)
    if not texto:
        return None
    if isinstance(valor, (int, float)) and texto.isdigit():
        texto = texto.zfill(11)  # planilha que guardou o CPF como número perdeu os zeros
    # Importado aqui: a leitura em lote confere os CPFs no polars e não paga o import.
    from stdnum.br import cpf as stdnum_cpf
    from stdnum.exceptions import ValidationError

    try:
        return str(stdnum_cpf.validate(texto))
    except ValidationError:
        raise _ValorInvalido(f'CPF "{texto}" inválido') from None


def _classificacao(valor: object) -> int | None:
    texto = _texto(valor)
    if not texto:
        return None
    if texto.isdigit() and int(texto) >= 1:
        return int(texto)
    raise _ValorInvalido(f'valor "{texto}" não é uma posição de classificação (inteiro ≥ 1)')


_CONVERSORES: dict[str, Callable[[object], object]] = {
    "inscricao": _texto_obrigatorio,
    "nome": _texto_obrigatorio,
    "cpf": _cpf,
    "data_nascimento": _data,
    "cargo": _texto_obrigatorio,
    "nota": _decimal,
    "situacao": _situacao,
    "cor_raca": _cor_raca,
    "reserva_negros": _sim_nao,
    "pcd": _sim_nao,
    "heteroidentificacao": _heteroidentificacao,
    "classificacao": _classificacao,
    "opcao_lista": _opcao_lista,
}
# As colunas que a planilha pode trazer (as do edital, de desempate, vêm do cenário).
COLUNAS_CONHECIDAS: tuple[str, ...] = tuple(_CONVERSORES)

# ---------------------------------------------------------------- fontes de linhas

_Linhas = Iterator[tuple[int, list[object]]]


def _decodificar(dados: bytes) -> tuple[str | None, bool]:
    """UTF-8 (com ou sem BOM) ou, se não for UTF-8 válido, Windows-1252; e se era UTF-8."""
    try:
        return dados.decode("utf-8-sig"), True
    except UnicodeDecodeError:
        pass
    try:
        return dados.decode("cp1252"), False
    except UnicodeDecodeError:
        return None, False


# A partir deste tamanho (em caracteres) um CSV tenta a leitura em lote (`cotas.arquivos.rapido`),
# que dá o mesmo resultado e, em qualquer dúvida, devolve o arquivo à leitura linha a linha.
LIMIAR_LEITURA_EM_LOTE = 1_000_000


def _em_lote(
    fonte: Path | bytes, arquivo: str, colunas_desempate: Sequence[str]
) -> LeituraCandidatos | None:
    """A leitura em lote do arquivo (ou dos seus bytes em UTF-8, sem o BOM), ou None: leia
    linha a linha."""
    from cotas.arquivos.rapido import ler_csv_em_lote

    def ler_cabecalho(
        celulas: list[object], erros: list[ErroEntrada], avisos: list[ErroEntrada]
    ) -> dict[str, int]:
        # As mesmas conferências (e mensagens) do cabeçalho da leitura linha a linha.
        _ler_linhas(iter([(1, celulas)]), arquivo, list(colunas_desempate), erros, avisos)
        indices: dict[str, int] = {}
        for indice, bruto in enumerate(celulas):
            nome = normalizar_nome(_texto(bruto).lstrip("\ufeff").strip())
            if nome:
                indices.setdefault(nome, indice)
        return indices

    lido = ler_csv_em_lote(fonte, arquivo, colunas_desempate, ler_cabecalho)
    if lido is None:
        return None
    return LeituraCandidatos(candidatos=lido[0], avisos=lido[1])


def _separador(texto: str) -> str:
    """`;` ou `,` (ou tabulação), o que mais aparecer na primeira linha com conteúdo."""
    for linha in texto[:65536].splitlines():  # o cabeçalho está no começo; não varre o arquivo
        if linha.strip():
            contagem = {sep: linha.count(sep) for sep in (";", ",", "\t")}
            melhor = max(contagem, key=lambda sep: contagem[sep])
            return melhor if contagem[melhor] else ","
    return ","


def _linhas_csv(texto: str, arquivo: str, erros: list[ErroEntrada]) -> _Linhas:
    leitor = csv.reader(io.StringIO(texto, newline=""), delimiter=_separador(texto))
    anterior = 0
    while True:
        try:
            celulas = next(leitor)
        except StopIteration:
            return
        except csv.Error as exc:
            erros.append(
                ErroEntrada(arquivo, anterior + 1, None, f"linha de CSV malformada ({exc})")
            )
            return
        yield anterior + 1, cast(list[object], celulas)
        anterior = leitor.line_num


def _linhas_planilha(
    caminho: Path, arquivo: str, erros: list[ErroEntrada], avisos: list[ErroEntrada]
) -> _Linhas:
    from python_calamine import CalamineWorkbook

    try:
        pasta = CalamineWorkbook.from_path(str(caminho))
        nomes = pasta.sheet_names
        if not nomes:
            erros.append(ErroEntrada(arquivo, None, None, "a planilha não tem nenhuma aba"))
            return
        if len(nomes) > 1:
            avisos.append(
                ErroEntrada(arquivo, None, None, f'só a primeira aba ("{nomes[0]}") foi lida')
            )
        linhas = pasta.get_sheet_by_index(0).to_python(skip_empty_area=False)
    except Exception as exc:  # python-calamine levanta vários tipos próprios
        erros.append(ErroEntrada(arquivo, None, None, f"não foi possível ler a planilha ({exc})"))
        return
    for indice, celulas in enumerate(linhas):
        yield indice + 1, cast(list[object], celulas)


# ---------------------------------------------------------------- leitura


def ler_candidatos(caminho: Path, colunas_desempate: Sequence[str] = ()) -> LeituraCandidatos:
    """Lê a lista de candidatos de um CSV, XLSX ou ODS.

    `colunas_desempate` são as colunas numéricas que o cenário nomeia como
    critérios de desempate do edital; cada uma vira um par (nome, Decimal) em
    `Candidato.desempate`, com o nome como o cenário o escreveu.

    Levanta `ErrosDeEntrada` com todos os erros encontrados (e os avisos).
    """
    caminho = Path(caminho)
    arquivo = caminho.name
    erros: list[ErroEntrada] = []
    avisos: list[ErroEntrada] = []

    extensao = caminho.suffix.lower()
    if extensao not in EXTENSOES_TEXTO | EXTENSOES_PLANILHA:
        raise ErrosDeEntrada(
            [
                ErroEntrada(
                    arquivo,
                    None,
                    None,
                    f'formato "{caminho.suffix}" não reconhecido (use .csv, .xlsx ou .ods)',
                )
            ]
        )
    try:
        # Um arquivo grande tenta primeiro a leitura em lote, que o polars faz direto do disco,
        # como UTF-8: sem decodificar o arquivo inteiro em Python (o polars confere o UTF-8).
        if extensao in EXTENSOES_TEXTO and caminho.stat().st_size >= LIMIAR_LEITURA_EM_LOTE:
            em_lote = _em_lote(caminho, arquivo, colunas_desempate)
            if em_lote is not None:
                return em_lote
        dados = caminho.read_bytes() if extensao in EXTENSOES_TEXTO else b""
    except OSError as exc:
        raise ErrosDeEntrada(
            [
                ErroEntrada(
                    arquivo,
                    None,
                    None,
                    f"não foi possível abrir o arquivo ({motivo_do_sistema(exc)})",
                )
            ]
        ) from None
    if extensao in EXTENSOES_TEXTO:
        texto, utf8 = _decodificar(dados)
        if texto is None:
            raise ErrosDeEntrada(
                [
                    ErroEntrada(
                        arquivo, None, None, "o arquivo não está em UTF-8 nem em Windows-1252"
                    )
                ]
            )
        if not utf8 and len(texto) >= LIMIAR_LEITURA_EM_LOTE:
            # Windows-1252: o polars lê o texto recodificado em UTF-8.
            em_lote = _em_lote(texto.encode("utf-8"), arquivo, colunas_desempate)
            if em_lote is not None:
                return em_lote
        linhas = _linhas_csv(texto, arquivo, erros)
    else:
        if not caminho.is_file():
            raise ErrosDeEntrada([ErroEntrada(arquivo, None, None, "o arquivo não existe")])
        linhas = _linhas_planilha(caminho, arquivo, erros, avisos)

    candidatos = _ler_linhas(linhas, arquivo, list(colunas_desempate), erros, avisos)
    if erros:
        raise ErrosDeEntrada(erros, avisos)
    return LeituraCandidatos(candidatos=candidatos, avisos=avisos)


def _ler_linhas(
    linhas: _Linhas,
    arquivo: str,
    colunas_desempate: list[str],
    erros: list[ErroEntrada],
    avisos: list[ErroEntrada],
) -> list[Candidato]:
    # Cabeçalho: a primeira linha com conteúdo.
    encontrado = next(((n, c) for n, c in linhas if any(_texto(v) for v in c)), None)
    if encontrado is None:
        if erros:  # a planilha nem pôde ser lida: esse erro já basta
            return []
        erros.append(ErroEntrada(arquivo, None, None, "o arquivo está vazio (falta o cabeçalho)"))
        return []
    linha_cabecalho, cabecalho = encontrado

    desempate_por_nome = {normalizar_nome(c): c for c in colunas_desempate}
    indices: dict[str, int] = {}  # nome normalizado → índice da célula
    titulos: dict[str, str] = {}  # nome normalizado → como está no arquivo
    for indice, bruto in enumerate(cabecalho):
        titulo = _texto(bruto).lstrip("\ufeff").strip()
        nome = normalizar_nome(titulo)
        if not nome:
            avisos.append(
                ErroEntrada(
                    arquivo,
                    linha_cabecalho,
                    indice + 1,
                    "coluna sem nome no cabeçalho; os valores dela serão ignorados",
                )
            )
            continue
        if nome in indices:
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha_cabecalho,
                    titulo,
                    f'coluna repetida no cabeçalho (já aparece como "{titulos[nome]}")',
                )
            )
            continue
        indices[nome] = indice
        titulos[nome] = titulo
        if nome not in _CONVERSORES and nome not in desempate_por_nome:
            avisos.append(
                ErroEntrada(
                    arquivo,
                    linha_cabecalho,
                    titulo,
                    "coluna desconhecida, ignorada (as colunas aceitas são "
                    + ", ".join(COLUNAS_CONHECIDAS)
                    + ")",
                )
            )

    for obrigatoria in COLUNAS_OBRIGATORIAS:
        if obrigatoria not in indices:
            erros.append(
                ErroEntrada(arquivo, linha_cabecalho, obrigatoria, "falta esta coluna obrigatória")
            )
    for nome, original in desempate_por_nome.items():
        if nome in _CONVERSORES:
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha_cabecalho,
                    original,
                    "uma coluna padrão do arquivo não pode ser critério de desempate do edital",
                )
            )
        elif nome not in indices:
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha_cabecalho,
                    original,
                    "falta a coluna de desempate que o cenário nomeia",
                )
            )

    # Plano por coluna: (campo, índice, título no arquivo, conversor).
    plano = [
        (campo, indices[campo], titulos[campo], conversor)
        for campo, conversor in _CONVERSORES.items()
        if campo in indices
    ]
    plano_desempate = [
        (original, indices[nome], titulos[nome])
        for nome, original in desempate_por_nome.items()
        if nome in indices and nome not in _CONVERSORES
    ]
    largura = max(indices.values(), default=-1) + 1
    largura_cabecalho = len(cabecalho)
    i_situacao = indices.get("situacao")
    i_cor_raca = indices.get("cor_raca")

    candidatos: list[Candidato] = []
    linha_da_inscricao: dict[str, int] = {}
    linha_do_cpf: dict[tuple[str, str], int] = {}

    for linha, celulas in linhas:
        if not any(celulas):
            continue  # linha vazia (inclusive as do fim do arquivo)
        n = len(celulas)
        if n < largura:
            celulas = celulas + [""] * (largura - n)
        elif n > largura_cabecalho and any(_texto(c) for c in celulas[largura_cabecalho:]):
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    None,
                    f"a linha tem {n} valores, mas o cabeçalho só tem {largura_cabecalho} colunas",
                )
            )
        valores: dict[str, object] = {}
        ok = True
        for campo, indice, titulo, conversor in plano:
            try:
                valores[campo] = conversor(celulas[indice])
            except _ValorInvalido as exc:
                erros.append(ErroEntrada(arquivo, linha, titulo, str(exc)))
                ok = False
        if plano_desempate:
            eliminado = i_situacao is not None and valores.get("situacao") is Situacao.ELIMINADO
            pares: list[tuple[str, Decimal]] = []
            for original, indice, titulo in plano_desempate:
                try:
                    numero = _decimal_opcional(celulas[indice])
                except _ValorInvalido as exc:
                    erros.append(ErroEntrada(arquivo, linha, titulo, str(exc)))
                    ok = False
                    continue
                if numero is not None:
                    pares.append((original, numero))
                elif not eliminado:
                    erros.append(
                        ErroEntrada(
                            arquivo,
                            linha,
                            titulo,
                            "valor vazio; o critério de desempate do edital é obrigatório "
                            "para candidatos aprovados",
                        )
                    )
                    ok = False
            valores["desempate"] = tuple(pares)

        inscricao = valores.get("inscricao")
        if isinstance(inscricao, str):
            primeira = linha_da_inscricao.setdefault(inscricao, linha)
            if primeira != linha:
                erros.append(
                    ErroEntrada(
                        arquivo,
                        linha,
                        titulos["inscricao"],
                        f'inscrição "{inscricao}" repetida: já aparece na linha {primeira}',
                    )
                )
                ok = False
        if (
            valores.get("reserva_negros") is True
            and ("cor_raca" in valores or i_cor_raca is None)  # cor ilegível já é erro
            and valores.get("cor_raca") not in (CorRaca.PRETA, CorRaca.PARDA)
        ):
            cor = valores.get("cor_raca")
            declarada = f'"{cor}"' if cor is not None else "nenhuma"
            erros.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    titulos["reserva_negros"],
                    "a reserva para negros exige autodeclaração como preta ou parda "
                    f"(cor_raca declarada: {declarada})",
                )
            )
            ok = False
        if valores.get("heteroidentificacao") is not None and not valores.get("reserva_negros"):
            avisos.append(
                ErroEntrada(
                    arquivo,
                    linha,
                    titulos["heteroidentificacao"],
                    "há parecer da comissão de heteroidentificação para quem não optou "
                    "pela reserva para negros",
                )
            )
        cpf = valores.get("cpf")
        cargo = valores.get("cargo")
        if isinstance(cpf, str) and isinstance(cargo, str):
            primeira = linha_do_cpf.setdefault((cargo, cpf), linha)
            if primeira != linha:
                avisos.append(
                    ErroEntrada(
                        arquivo,
                        linha,
                        titulos["cpf"],
                        f'o mesmo CPF já está inscrito no cargo "{cargo}" na linha {primeira}',
                    )
                )

        if ok and not erros:  # com algum erro, a leitura vai falhar: não guarda mais nada
            candidatos.append(Candidato(linha=linha, **valores))  # type: ignore[arg-type]
    return candidatos
