"""O que a tela escreve no lugar de um código: valores dos parâmetros da lei, nomes das listas,
colunas de desempate do arquivo da banca e o número de uma portaria digitado com o prefixo."""

from __future__ import annotations

import re
from enum import StrEnum

from cotas.motor import glossario
from cotas.motor.aritmetica import Arredondamento

# Valores de parâmetros das leis (`cotas/leis/*.toml`) e de listas, por extenso. Um código novo
# sem rótulo aqui sai com espaços no lugar dos sublinhados (`por_extenso`), nunca cru.
VALORES: dict[str, str] = {
    **{a.value: a.descricao() for a in Arredondamento},
    **{t.value: t.descricao() for t in glossario.TipoSelecao},
    **{f.value: glossario.no_meio_da_frase(f) for f in glossario.FracaoEntreLotes},
    "proximo_da_mesma_lista": "o candidato seguinte da mesma lista",
    "aprovados_antes_da_homologacao": "os aprovados autodeclarados, antes da homologação",
    **{lista: glossario.no_meio_da_frase(lista) for lista in glossario.ROTULOS_LISTA},
    "eliminado": "eliminado do certame",
    "indigena": "indígena",
}

# As colunas do arquivo da banca (`cotas.arquivos.campos`), pelo nome que o servidor usa.
COLUNAS_DO_ARQUIVO: dict[str, str] = {
    "inscricao": "Inscrição",
    "nome": "Nome",
    "cpf": "CPF",
    "data_nascimento": "Data de nascimento",
    "cargo": "Cargo",
    "nota": "Nota",
    "situacao": "Situação",
    "cor_raca": "Cor/raça autodeclarada",
    "reserva_negros": "Optou pela reserva para negros",
    "pcd": "Pessoa com deficiência",
    "heteroidentificacao": "Parecer da comissão de heteroidentificação",
    "classificacao": "Classificação pela banca",
    "opcao_lista": "Opção de lista (quem concorre às duas reservas)",
}

# Palavras das colunas de desempate que o arquivo escreve sem acento.
_ACENTOS = {
    "especificos": "específicos",
    "especifica": "específica",
    "especifico": "específico",
    "portugues": "português",
    "lingua": "língua",
    "matematica": "matemática",
    "informatica": "informática",
    "logico": "lógico",
    "raciocinio": "raciocínio",
    "legislacao": "legislação",
    "redacao": "redação",
    "titulos": "títulos",
    "pratica": "prática",
    "experiencia": "experiência",
    "avaliacao": "avaliação",
    "fisica": "física",
    "fisico": "físico",
    "historia": "história",
    "geografia": "geografia",
    "didatica": "didática",
    "pedagogicos": "pedagógicos",
    "tecnicos": "técnicos",
}
# "nota_X": "Nota de X", salvo quando X qualifica a própria nota ("Nota objetiva").
_QUALIFICA_A_NOTA = {"objetiva", "discursiva", "pratica", "final", "total", "geral", "oral"}


def escolha(membro: StrEnum) -> tuple[str, str]:
    """(código, rótulo) de um membro do glossário: um membro das escolhas do Django."""
    return membro.value, glossario.ROTULOS[membro]


def rotulo_lista(nome: str) -> str:
    """O nome de uma lista no meio da frase ("pessoas com deficiência")."""
    return glossario.no_meio_da_frase(nome)


def por_extenso(codigo: str) -> str:
    # (As listas dos grupos são registradas pelas leis ao carregar o catálogo, depois deste
    # módulo: procuradas a cada vez.)
    if codigo in glossario.ROTULOS_LISTA:
        return glossario.no_meio_da_frase(codigo)
    return VALORES.get(codigo, codigo.replace("_", " "))


def rotulo_da_coluna(coluna: str) -> str:
    """ "nota_conhecimentos_especificos" → "Nota de conhecimentos específicos"."""
    if coluna in COLUNAS_DO_ARQUIVO:
        return COLUNAS_DO_ARQUIVO[coluna]
    palavras = [p for p in re.split(r"[_\s]+", coluna.strip().lower()) if p]
    if not palavras:
        return coluna
    if palavras[0] == "nota" and len(palavras) > 1 and palavras[1] not in _QUALIFICA_A_NOTA:
        palavras.insert(1, "de")
    texto = " ".join(_ACENTOS.get(p, p) for p in palavras)
    return texto[0].upper() + texto[1:]


_PREFIXO_PORTARIA = re.compile(
    r"^(?:portaria\b\s*)?(?:(?:n\.?\s*[º°o]\.?|n\.|n[uú]mero|num\.)(?=[\s\d]|$)\s*)?[:\-–]?\s*",
    re.IGNORECASE,
)


def numero_da_portaria(texto: str) -> str:
    """O número sem o prefixo que às vezes se digita ("Portaria nº 101/2024" → "101/2024"): a
    tela e os documentos escrevem "Portaria nº" uma vez só."""
    return _PREFIXO_PORTARIA.sub("", texto.strip()).strip()
