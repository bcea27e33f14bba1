"""As regras de cada campo da lista de candidatos, as mesmas nas duas leituras de CSV.

A leitura linha a linha (`cotas.arquivos.candidatos`) e a leitura em lote (`cotas.arquivos.rapido`)
importam daqui o que aceitam: os nomes de coluna (com os apelidos que as pessoas digitam), o
tamanho máximo de um valor, os limites de nota, data e CPF, os conversores e as mensagens. Cada
regra de campo está escrita uma vez: as formas aceitas (de data, de número, de inteiro) como
expressões regulares ou formatos que as duas usam, o dígito verificador do CPF numa conta que vale
para um valor e para uma coluna do polars. Assim um arquivo nunca é aceito por uma e recusado pela
outra.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, TypeVar, overload

from cotas.arquivos import limites
from cotas.motor.candidatos import CorRaca, Heteroidentificacao, Situacao

if TYPE_CHECKING:
    import polars as pl

# Um inteiro (um valor, na leitura linha a linha) ou uma coluna (a leitura em lote).
_N = TypeVar("_N", int, "pl.Expr")

__all__ = [
    "ABA_DE_AJUDA_DO_MODELO",
    "APELIDOS",
    "COLUNAS_CONHECIDAS",
    "COLUNAS_OBRIGATORIAS",
    "CONVERSORES",
    "CPFS_REPETIDOS",
    "EXEMPLO_DO_MODELO",
    "LIMITE_CARACTERES",
    "NASCIMENTO_MINIMO",
    "PADROES_OPCIONAIS",
    "ValorInvalido",
    "chave_de_cabecalho",
    "coluna_do_titulo",
    "decimal_opcional",
    "inteiro_nao_negativo",
    "nome_do_exemplo",
    "nomes_aceitos",
    "normalizar_nome",
    "separador",
    "texto",
]


class ValorInvalido(Exception):
    """Valor de célula que não pode ser lido; a mensagem vai para o usuário."""


# ---------------------------------------------------------------- limites

# Nenhum valor de uma lista de candidatos passa disso (um nome completo tem menos de 200); mais é
# coluna colada por engano, ou aspas sem fechamento.
LIMITE_CARACTERES = 1000
# Data de nascimento: antes disso, ou depois do dia da leitura, é erro de digitação (1800 ganharia
# o desempate por idade).
NASCIMENTO_MINIMO = date(1900, 1, 1)
# 111.111.111-11 e seus pares passam pelos dígitos verificadores, mas não são CPF de ninguém.
CPFS_REPETIDOS = frozenset(str(d) * 11 for d in range(10))


# ---------------------------------------------------------------- o modelo para baixar

# O modelo de planilha que a aplicação web oferece: a linha de exemplo (os valores que a
# identificam: ninguém se chama assim) e a aba de ajuda, que o leitor nunca lê como dados.
EXEMPLO_DO_MODELO = {"inscricao": "000123", "nome": "Nome Completo do Candidato"}
ABA_DE_AJUDA_DO_MODELO = "Ajuda do modelo (não é lida)"
# A aba de ajuda dos modelos baixados antes de ela ter o nome acima: "Colunas", com este
# cabeçalho na primeira linha.
ABA_DE_AJUDA_ANTIGA = "Colunas"
CABECALHO_DA_AJUDA = ("coluna", "obrigatória", "o que é", "títulos aceitos")


def nome_do_exemplo(nome: str) -> bool:
    """Se o nome é o da linha de exemplo do modelo (sem diferença de caixa ou de espaços)."""
    return " ".join(nome.split()).casefold() == EXEMPLO_DO_MODELO["nome"].casefold()


# ---------------------------------------------------------------- nomes de coluna


def normalizar_nome(texto: str) -> str:
    """`" Cor/Raça "` → `"cor_raca"`: minúsculas, sem acentos, `_` no lugar de separadores."""
    sem_acento = unicodedata.normalize("NFKD", texto.strip().lstrip("\ufeff"))
    ascii_ = "".join(c for c in sem_acento if not unicodedata.combining(c)).lower()
    return re.sub(r"[\s\-/]+", "_", ascii_).strip("_")


_LIGACOES = frozenset({"de", "do", "da", "dos", "das"})


def chave_de_cabecalho(titulo: str) -> str:
    """`"Nº de Inscrição"` → `"no_inscricao"`: o nome normalizado, só com letras e dígitos, sem
    as preposições. É a chave com que um título do arquivo é procurado nos `APELIDOS`."""
    partes = re.split(r"[^a-z0-9]+", normalizar_nome(titulo))
    return "_".join(p for p in partes if p and p not in _LIGACOES)


# Coluna → as grafias aceitas no cabeçalho (na forma de `chave_de_cabecalho`), a primeira é a
# canônica. Só sinônimos sem ambiguidade: nada é adivinhado.
APELIDOS: dict[str, tuple[str, ...]] = {
    "inscricao": (
        "inscricao",
        "n_inscricao",
        "no_inscricao",
        "nr_inscricao",
        "num_inscricao",
        "numero_inscricao",
    ),
    "nome": ("nome", "nome_candidato", "nome_completo"),
    "cpf": ("cpf", "cpf_candidato"),
    "data_nascimento": ("data_nascimento", "nascimento", "dt_nascimento", "data_nasc", "dt_nasc"),
    "cargo": ("cargo", "codigo_cargo", "cod_cargo"),
    "nota": ("nota", "nota_final", "pontuacao", "pontuacao_final"),
    "situacao": ("situacao", "situacao_final", "situacao_candidato"),
    "cor_raca": ("cor_raca", "cor_ou_raca", "raca_cor", "cor"),
    "pcd": ("pcd", "reserva_pcd", "candidato_pcd", "pessoa_com_deficiencia"),
    "classificacao": ("classificacao", "classificacao_final", "posicao", "colocacao"),
    "opcao_lista": ("opcao_lista", "lista_opcao", "opcao_reserva"),
}
_COLUNA_DA_CHAVE = {apelido: coluna for coluna, nomes in APELIDOS.items() for apelido in nomes}

COLUNAS_CONHECIDAS: tuple[str, ...] = tuple(APELIDOS)
# As que decidem um resultado: sem elas, nada é lido. As dos grupos da lei (opção e verificação)
# vêm da lei (`cotas.arquivos.esquema`); `opcao_lista`, quando alguém optou por duas reservas.
COLUNAS_OBRIGATORIAS: tuple[str, ...] = (
    "inscricao",
    "nome",
    "cargo",
    "nota",
    "situacao",
    "data_nascimento",
    "cor_raca",
    "pcd",
)
# O que vale quando a coluna opcional não está no arquivo, dito ao usuário.
PADROES_OPCIONAIS: dict[str, str] = {
    "cpf": "sem a coluna cpf: nenhum candidato tem CPF e não se confere CPF repetido no cargo",
    "classificacao": (
        "sem a coluna classificacao: a classificação sai da nota e dos critérios de desempate"
    ),
    "opcao_lista": (
        "sem a coluna opcao_lista: ninguém optou pelas duas reservas, não há opção de lista"
    ),
}


def coluna_do_titulo(titulo: str) -> str | None:
    """A coluna que um título do cabeçalho nomeia, pelos `APELIDOS`; None se nenhuma."""
    return _COLUNA_DA_CHAVE.get(chave_de_cabecalho(titulo))


def nomes_aceitos(coluna: str) -> str:
    """Os nomes aceitos para a coluna, para a mensagem de coluna que falta."""
    return ", ".join(APELIDOS[coluna])


# ---------------------------------------------------------------- CSV


def separador(texto: str) -> str:
    """`;` ou `,` (ou tabulação), o que mais aparecer na primeira linha com conteúdo."""
    for linha in texto[:65536].splitlines():  # o cabeçalho está no começo; não varre o arquivo
        if linha.strip():
            contagem = {sep: linha.count(sep) for sep in (";", ",", "\t")}
            melhor = max(contagem, key=lambda sep: contagem[sep])
            return melhor if contagem[melhor] else ","
    return ","


# ---------------------------------------------------------------- valores


def mostrar(valor: object) -> str:
    """O valor como o usuário o escreveu, para as mensagens (um valor longo, resumido)."""
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))
    return resumo(str(valor))


def texto(valor: object) -> str:
    if type(valor) is str:
        return valor.strip()
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))  # planilha: 1001 vira 1001.0
    if isinstance(valor, datetime):
        return valor.date().isoformat()
    return str(valor).strip()


def conferir_tamanho(valor: object) -> None:
    """Um valor com mais de `LIMITE_CARACTERES` caracteres é recusado, em qualquer leitura."""
    if type(valor) is str and len(valor) > LIMITE_CARACTERES:
        raise ValorInvalido(
            f"valor com {len(valor)} caracteres; o limite é {LIMITE_CARACTERES} "
            "(coluna colada por engano ou aspas sem fechamento?)"
        )


# Cada conversor recebe o valor bruto da célula (texto no CSV; texto, número, data ou booleano
# numa planilha) e devolve o valor lido ou levanta ValorInvalido.


# Caracteres de controle (menos TAB, LF e CR): invisíveis, quebram o XLSX e o terminal.
RE_CONTROLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _texto_obrigatorio(valor: object) -> str:
    lido = texto(valor)
    if not lido:
        raise ValorInvalido("valor vazio; a coluna é obrigatória")
    if m := RE_CONTROLE.search(lido):
        raise ValorInvalido(
            f"o valor tem um caractere de controle (U+{ord(m[0]):04X}) na posição "
            f"{m.start() + 1}; apague-o (costuma vir de um texto colado)"
        )
    return lido


# ---- números (nota e critérios de desempate)
#
# Cada forma escrita uma vez, com a classe de algarismo de quem a usa: `\d` na leitura linha a
# linha (o `re` do Python casa algarismos de outras escritas, "٨٧", que o Decimal lê) e `[0-9]` na
# leitura em lote (que só lê algarismos ASCII; os outros mandam o arquivo à linha a linha).
ALGARISMO = r"\d"
ALGARISMO_ASCII = "[0-9]"


def forma_do_numero(algarismo: str = ALGARISMO) -> str:
    """Sinal opcional, algarismos, vírgula ou ponto decimal: "87,5", "+0.25", ",5", "7."."""
    a = algarismo
    return rf"[+-]?(?:{a}+(?:[.,]{a}*)?|[.,]{a}+)"


# Nos limites de `limites` (zeros à esquerda não contam), para um número na forma acima.
FORMA_NOS_LIMITES = (
    rf"[+-]?0*[0-9]{{0,{limites.DIGITOS_DA_NOTA}}}(?:[.,][0-9]{{0,{limites.CASAS_DA_NOTA}}})?"
)
# Negativo: o sinal de menos e algum algarismo que não é zero (-0 e -0,00 valem zero).
FORMA_NEGATIVA = r"-.*[1-9]"

RE_NUMERO = re.compile(forma_do_numero())
_RE_NOS_LIMITES = re.compile(FORMA_NOS_LIMITES)
_RE_NEGATIVA = re.compile(FORMA_NEGATIVA)


def _por_extenso(numero: Decimal) -> str:
    """O número com os seus algarismos ASCII, sem expoente ("1E+2" → "100", "٨٧" → "87"), na
    forma de `forma_do_numero`: o que as formas acima conferem, venha de um texto ou de uma
    célula numérica da planilha."""
    return format(numero, "f")


def _decimal(valor: object) -> Decimal:
    if type(valor) is str:
        lido = valor.strip()
        if RE_NUMERO.fullmatch(lido):
            return Decimal(lido.replace(",", "."))
        if not lido:
            raise ValorInvalido("valor vazio; informe um número")
        raise ValorInvalido(f'valor "{resumo(lido)}" não é um número')
    if isinstance(valor, bool):
        raise ValorInvalido(f'valor "{resumo(str(valor))}" não é um número')
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
    raise ValorInvalido(f'valor "{mostrar(valor)}" não é um número')


def _limitado(numero: Decimal, valor: object) -> Decimal:
    """Nota e critérios: até `DIGITOS_DA_NOTA` dígitos inteiros e `CASAS_DA_NOTA` casas (mais
    que isso estoura a precisão das contas e da escrita, e nenhuma prova tem)."""
    if not _RE_NOS_LIMITES.fullmatch(_por_extenso(numero)):
        raise ValorInvalido(
            f'valor "{mostrar(valor)}" tem dígitos demais; o limite é '
            f"{limites.DIGITOS_DA_NOTA} dígitos antes da vírgula e {limites.CASAS_DA_NOTA} depois"
        )
    return numero


def resumo(texto: str, limite: int = 60) -> str:
    """Um valor longo, para as mensagens: o começo e quantos caracteres tem."""
    if len(texto) <= limite:
        return texto
    return f"{texto[:limite]}… ({len(texto)} caracteres)"


def _nota(valor: object) -> Decimal:
    numero = _limitado(_decimal(valor), valor)
    if _RE_NEGATIVA.match(_por_extenso(numero)):
        raise ValorInvalido(f'nota negativa ("{mostrar(valor)}"); a nota vai de zero para cima')
    return numero


def decimal_opcional(valor: object) -> Decimal | None:
    if valor == "" or valor is None:
        return None
    return _limitado(_decimal(valor), valor)


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
            limpo = valor.strip()
            if not limpo:
                return None
            lido = tabela.get(normalizar_nome(limpo))
            if lido is not None:
                tabela[valor] = lido  # memoriza a grafia: a próxima linha vai pelo caminho rápido
                return lido
        elif valor is None:
            return None
        raise ValorInvalido(f'valor "{mostrar(valor)}" não é {descricao} (use {lista})')

    return converter


cor_raca = _conversor_vocabulario(
    CorRaca, [c.value for c in CorRaca], "uma cor ou raça do quesito do IBGE"
)
heteroidentificacao = _conversor_vocabulario(
    Heteroidentificacao,
    [h.value for h in Heteroidentificacao],
    "um resultado da comissão de heteroidentificação",
)
_situacao_ou_vazio = _conversor_vocabulario(
    Situacao, [s.value for s in Situacao], "uma situação válida"
)


def conversor_opcao_lista(listas: Sequence[str]) -> Callable[[object], object]:
    """A lista preferida de quem concorre por duas reservas: um dos grupos da lei ou PcD."""
    return _conversor_vocabulario(str, list(listas), "uma lista de reserva")


def situacao(valor: object) -> object:
    """`aprovado` ou `eliminado`; vazio é erro (um eliminado lido como aprovado seria nomeado)."""
    lido = _situacao_ou_vazio(valor)
    if lido is None:
        raise ValorInvalido("valor vazio; informe aprovado ou eliminado")
    return lido


_SIM_NAO: dict[str, bool] = {"sim": True, "s": True, "nao": False, "n": False}


def sim_nao(valor: object) -> bool:
    """`sim`/`não` (também `s`/`n`); vazio é erro: a opção pela reserva decide o resultado e
    não se presume."""
    if type(valor) is str:
        lido = _SIM_NAO.get(valor)
        if lido is not None:
            return lido
        limpo = valor.strip()
        if not limpo:
            raise ValorInvalido("valor vazio; informe sim ou não")
        lido = _SIM_NAO.get(normalizar_nome(limpo))
        if lido is not None:
            _SIM_NAO[valor] = lido  # memoriza a grafia ("Não", "SIM"...)
            return lido
    elif isinstance(valor, bool):
        return valor
    elif valor is None:
        raise ValorInvalido("valor vazio; informe sim ou não")
    raise ValorInvalido(f'valor "{mostrar(valor)}" não é sim nem não')


# ---- datas
#
# As formas de data aceitas, no formato do strftime, declaradas uma vez: delas saem a expressão
# regular de cada leitura (`forma_da_data`), o formato com que a leitura em lote lê o dia e o
# que as mensagens pedem.
FORMATOS_DE_DATA = ("%Y-%m-%d", "%d/%m/%Y")
# Cada parte: o grupo da expressão regular, quantos algarismos e como a mensagem a escreve.
_PARTES_DA_DATA = {
    "%Y": ("ano", "{4}", "AAAA"),
    "%m": ("mes", "{1,2}", "MM"),
    "%d": ("dia", "{1,2}", "DD"),
}


def forma_da_data(formato: str, algarismo: str = ALGARISMO) -> str:
    """`"%d/%m/%Y"` → a expressão regular dessa forma, com os grupos `dia`, `mes` e `ano`."""
    partes = re.split(r"(%[Ymd])", formato)
    return "".join(
        f"(?P<{_PARTES_DA_DATA[p][0]}>{algarismo}{_PARTES_DA_DATA[p][1]})"
        if p in _PARTES_DA_DATA
        else re.escape(p)
        for p in partes
    )


_RES_DE_DATA = tuple(re.compile(forma_da_data(f)) for f in FORMATOS_DE_DATA)
_FORMAS_DE_DATA = "use " + " ou ".join(
    "".join(_PARTES_DA_DATA[p][2] if p in _PARTES_DA_DATA else p for p in re.split(r"(%[Ymd])", f))
    for f in FORMATOS_DE_DATA
)  # "use AAAA-MM-DD ou DD/MM/AAAA"


def _data(valor: object) -> date | None:
    if isinstance(valor, datetime):
        return valor.date()
    if isinstance(valor, date):
        return valor
    if type(valor) is str:
        lido = valor.strip()
        if not lido:
            return None
        for forma in _RES_DE_DATA:
            if m := forma.fullmatch(lido):
                break
        else:
            raise ValorInvalido(f'valor "{resumo(lido)}" não é uma data ({_FORMAS_DE_DATA})')
        try:
            return date(int(m["ano"]), int(m["mes"]), int(m["dia"]))
        except ValueError:
            raise ValorInvalido(f'a data "{resumo(lido)}" não existe') from None
    raise ValorInvalido(f'valor "{mostrar(valor)}" não é uma data ({_FORMAS_DE_DATA})')


def nascimento_maximo(data_edital: date | None) -> date:
    """A última data de nascimento possível: a do edital (ninguém se inscreve antes de nascer)
    ou, sem ela, hoje."""
    hoje = date.today()
    return hoje if data_edital is None else min(data_edital, hoje)


def conversor_nascimento(data_edital: date | None) -> Callable[[object], date | None]:
    """O conversor da data de nascimento, entre `NASCIMENTO_MINIMO` e `nascimento_maximo`."""
    maximo = nascimento_maximo(data_edital)

    def converter(valor: object) -> date | None:
        lido = _data(valor)
        if lido is not None and not NASCIMENTO_MINIMO <= lido <= maximo:
            if lido < NASCIMENTO_MINIMO:
                quando = f"antes de {NASCIMENTO_MINIMO.year}"
            elif lido > date.today():
                quando = "no futuro"
            else:
                quando = f"depois da data do edital ({maximo:%d/%m/%Y})"
            raise ValorInvalido(
                f"data de nascimento {lido:%d/%m/%Y} {quando}: confira o ano ({_FORMAS_DE_DATA})"
            )
        return lido

    return converter


data_nascimento = conversor_nascimento(None)


# ---- CPF

# Os pesos dos 9 primeiros dígitos na soma do 1º dígito verificador; na do 2º, cada um pesa um a
# mais e o 1º verificador pesa 2.
PESOS_DO_CPF = tuple(range(10, 1, -1))


def _verificador(soma: _N) -> _N:
    # 11 menos o resto da soma por 11; 10 e 11 viram 0. (Sem operando negativo: o resto de um
    # negativo depende da convenção de quem calcula.)
    return (11 - soma % 11) % 11 % 10


@overload
def cpf_confere(numero: int, ponderada: int, soma: int) -> bool: ...
@overload
def cpf_confere(numero: pl.Expr, ponderada: pl.Expr, soma: pl.Expr) -> pl.Expr: ...
def cpf_confere(numero: Any, ponderada: Any, soma: Any) -> Any:
    """Se os dígitos verificadores do CPF conferem (a conta do `stdnum.br.cpf`, que os testes
    comparam). `numero`: os 11 dígitos como inteiro; `ponderada`: a soma dos 9 primeiros pelos
    `PESOS_DO_CPF`; `soma`: a soma simples deles. Vale para um inteiro (a leitura linha a linha)
    e para colunas do polars (a leitura em lote): a regra escrita uma vez. Zero não é CPF."""
    dv1 = _verificador(ponderada)
    dv2 = _verificador(ponderada + soma + 2 * dv1)
    return (dv1 == numero // 10 % 10) & (dv2 == numero % 10) & (numero > 0)


def _cpf_valido(digitos: str) -> bool:
    if not (len(digitos) == 11 and digitos.isascii() and digitos.isdigit()):
        return False
    nove = [int(d) for d in digitos[:9]]
    ponderada = sum(p * d for p, d in zip(PESOS_DO_CPF, nove, strict=True))
    return cpf_confere(int(digitos), ponderada, sum(nove))


def cpf(valor: object) -> str | None:
    lido = texto(valor)
    if not lido:
        return None
    if isinstance(valor, (int, float)) and lido.isdigit():
        lido = lido.zfill(11)  # planilha que guardou o CPF como número perdeu os zeros
    # A pontuação aceita é a do `stdnum` (pontos, hífens e espaços, também os traços de outras
    # grafias); importado aqui: a leitura em lote não o usa e não paga o import.
    from stdnum.br import cpf as stdnum_cpf

    digitos = stdnum_cpf.compact(lido)
    if not _cpf_valido(digitos):
        raise ValorInvalido(f'CPF "{resumo(lido)}" inválido')
    if digitos in CPFS_REPETIDOS:
        raise ValorInvalido(f'CPF "{resumo(lido)}" inválido (todos os dígitos iguais)')
    return digitos


# ---- inteiros (só os algarismos 0-9: "²" e "①" são dígitos para o Python, mas não números)

FORMA_DA_CLASSIFICACAO = rf"[0-9]{{1,{limites.DIGITOS_DA_CLASSIFICACAO}}}"
FORMA_DO_CAMPO_INTEIRO = rf"[0-9]{{1,{limites.DIGITOS_DO_CAMPO_INTEIRO}}}"
_RE_CLASSIFICACAO = re.compile(FORMA_DA_CLASSIFICACAO)
_RE_CAMPO_INTEIRO = re.compile(FORMA_DO_CAMPO_INTEIRO)


def _classificacao(valor: object) -> int | None:
    lido = texto(valor)
    if not lido:
        return None
    if _RE_CLASSIFICACAO.fullmatch(lido) and int(lido) >= 1:
        return int(lido)
    raise ValorInvalido(
        f'valor "{resumo(lido)}" não é uma posição de classificação (inteiro de 1 a '
        f"{limites.DIGITOS_DA_CLASSIFICACAO} algarismos)"
    )


def inteiro_nao_negativo(valor: object) -> int:
    """Um campo inteiro que a lei declara (anos de estudo em escola pública...): 0 ou mais, só
    algarismos; vazio é erro (o valor decide a elegibilidade e não se presume)."""
    if isinstance(valor, int) and not isinstance(valor, bool) and valor >= 0:
        return valor
    if isinstance(valor, float) and valor.is_integer() and valor >= 0:  # (a célula da planilha)
        return int(valor)
    lido = texto(valor)
    if not lido:
        raise ValorInvalido("valor vazio; informe um número inteiro (0 ou mais)")
    if _RE_CAMPO_INTEIRO.fullmatch(lido):
        return int(lido)
    raise ValorInvalido(
        f'valor "{resumo(lido)}" não é um número inteiro (0 ou mais, até '
        f"{limites.DIGITOS_DO_CAMPO_INTEIRO} algarismos)"
    )


CONVERSORES: dict[str, Callable[[object], object]] = {
    "inscricao": _texto_obrigatorio,
    "nome": _texto_obrigatorio,
    "cpf": cpf,
    "data_nascimento": data_nascimento,
    "cargo": _texto_obrigatorio,
    "nota": _nota,
    "situacao": situacao,
    "cor_raca": cor_raca,
    "pcd": sim_nao,
    "classificacao": _classificacao,
    "opcao_lista": conversor_opcao_lista(["pcd"]),  # (o esquema do certame dá os grupos da lei)
}
assert tuple(CONVERSORES) == COLUNAS_CONHECIDAS
